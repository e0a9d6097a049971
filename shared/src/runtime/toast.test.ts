import { toastsFor, type ToastItem } from './toast';

const item = (id: number, kind: ToastItem['kind'], screen: string): ToastItem => ({ id, text: `t${id}`, kind, screen });

describe('toasts belong to their screen', () => {
  it('an error raised on one screen is not shown on the next; a success may announce where the action led', () => {
    const items = [item(1, 'error', '/auth/additionalInfomation'), item(2, 'success', '/user/login'), item(3, 'error', '/')];
    expect(toastsFor(items, '/').map((t) => t.id)).toEqual([2, 3]);
    expect(toastsFor(items, '/auth/additionalInfomation').map((t) => t.id)).toEqual([1, 2]);
  });

  it('a toast about its own screen (here) stays there: it does not cover the next screen', () => {
    const items = [{ ...item(1, 'success', '/user_center/language'), here: true }, item(2, 'success', '/user/login')];
    expect(toastsFor(items, '/').map((t) => t.id)).toEqual([2]);
    expect(toastsFor(items, '/user_center/language').map((t) => t.id)).toEqual([1, 2]);
  });
});
