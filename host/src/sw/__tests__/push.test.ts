import { notificationOf } from '../push';

const scope = 'https://app.loanmarket.pk/';

describe('a pushed notice as a notification', () => {
  it('its title and body, the language and direction, the inbox to open, its tag', () => {
    const n = notificationOf({ title: 'آج واجب الادا', body: 'قرض', lang: 'ur', url: '/#/user/inbox', tag: 'N-7' }, scope);
    expect(n).toEqual({
      title: 'آج واجب الادا',
      options: {
        body: 'قرض',
        lang: 'ur',
        dir: 'rtl',
        tag: 'N-7',
        icon: 'https://app.loanmarket.pk/icon-192.png',
        data: { url: 'https://app.loanmarket.pk/#/user/inbox' },
      },
    });
  });
  it('a page outside the app opens its home; a push that is not ours shows nothing', () => {
    expect(notificationOf({ title: 't', body: 'b', url: 'https://evil.example/x' }, scope)?.options.data).toEqual({ url: scope });
    expect(notificationOf({ hello: 1 }, scope)).toBeNull();
    expect(notificationOf(null, scope)).toBeNull();
  });
});
