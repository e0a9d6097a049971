import { toastsFor, type ToastItem } from './toast';

const item = (id: number, kind: ToastItem['kind'], screen: string): ToastItem => ({ id, text: `t${id}`, kind, screen });

describe('toasts belong to their screen', () => {
  it('an error raised on one screen is not shown on the next; a success may announce where the action led', () => {
    const items = [item(1, 'error', '/auth/additionalInfomation'), item(2, 'success', '/user/login'), item(3, 'error', '/')];
    expect(toastsFor(items, '/').map((t) => t.id)).toEqual([2, 3]);
    expect(toastsFor(items, '/auth/additionalInfomation').map((t) => t.id)).toEqual([1, 2]);
  });
});
