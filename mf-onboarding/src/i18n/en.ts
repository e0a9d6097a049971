/** English strings of mf-onboarding (namespace 'onboarding'). */
export const en = {
  title: 'onboarding',
};
