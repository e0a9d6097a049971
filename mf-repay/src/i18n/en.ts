/** English strings of mf-repay (namespace 'repay'). */
export const en = {
  title: 'repay',
};
