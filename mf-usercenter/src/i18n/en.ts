/** English strings of mf-usercenter (namespace 'usercenter'). */
export const en = {
  title: 'usercenter',
};
