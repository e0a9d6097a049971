/** English strings of mf-loan (namespace 'loan'). */
export const en = {
  title: 'loan',
};
