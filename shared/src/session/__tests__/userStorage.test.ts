import { clearUserStorage, deviceStorage, userStorage } from '../userStorage';

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
});

describe('userStorage and deviceStorage', () => {
  it('keep JSON values under their namespace and scope', () => {
    userStorage('loan').set('draft:toBorrow', { amount: 5000 });
    userStorage('repay', { tab: true }).set('attempt:X1', 'k');
    deviceStorage('onboarding').set('nation', 'PK');
    expect(localStorage.getItem('loan:user:draft:toBorrow')).toBe('{"amount":5000}');
    expect(sessionStorage.getItem('repay:user:attempt:X1')).toBe('"k"');
    expect(localStorage.getItem('onboarding:device:nation')).toBe('"PK"');
    expect(userStorage('loan').get('draft:toBorrow')).toEqual({ amount: 5000 });
    expect(userStorage('repay').get('attempt:X1')).toBeNull(); // another storage
  });

  it('set(null) and remove() delete; a value that is not JSON reads as nothing', () => {
    const s = userStorage('loan');
    s.set('a', 1);
    s.set('a', null);
    expect(localStorage.getItem('loan:user:a')).toBeNull();
    s.set('b', 2);
    s.remove('b');
    expect(localStorage.length).toBe(0);
    localStorage.setItem('loan:user:c', '{broken');
    expect(s.get('c')).toBeNull();
  });

  it('refuses a namespace that could collide with the spec keys or another scope', () => {
    expect(() => userStorage('Loan')).toThrow();
    expect(() => userStorage('a:device')).toThrow();
  });

  it('where the browser blocks storage, keeps values in memory for the visit, and log-out clears them', () => {
    const real = Object.getOwnPropertyDescriptor(window, 'localStorage')!;
    Object.defineProperty(window, 'localStorage', {
      configurable: true,
      get: () => {
        throw new DOMException('blocked', 'SecurityError');
      },
    });
    try {
      userStorage('loan').set('draft:toBorrow', { amount: 5000 });
      deviceStorage('onboarding').set('nation', 'PK');
      expect(userStorage('loan').get('draft:toBorrow')).toEqual({ amount: 5000 });
      clearUserStorage();
      expect(userStorage('loan').get('draft:toBorrow')).toBeNull();
      expect(deviceStorage('onboarding').get('nation')).toBe('PK');
    } finally {
      Object.defineProperty(window, 'localStorage', real);
    }
  });

  it('log-out clearing keeps only the device-level keys, in both storages', () => {
    userStorage('onboarding').set('draft:personal:7', { firstName: 'Ali' });
    userStorage('milestones').set('reported', {});
    userStorage('lm', { tab: true }).set('intent:getMoney.X1', 'k');
    localStorage.setItem('token', '{"Authorization":"Bearer t"}');
    localStorage.setItem('loan.toBorrow.draft', '{}'); // an older release's key
    localStorage.setItem('language', 'ur');
    deviceStorage('onboarding').set('nation', 'PK');
    deviceStorage('bridge', { tab: true }).set('simulator', true);
    clearUserStorage();
    expect(Object.keys(localStorage).sort()).toEqual(['language', 'onboarding:device:nation']);
    expect(Object.keys(sessionStorage)).toEqual(['bridge:device:simulator']);
  });
});
