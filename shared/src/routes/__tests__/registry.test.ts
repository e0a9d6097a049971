import { pathFor, REDIRECTS, routeByName, ROUTES } from '../registry';

describe('route registry (spec section 2)', () => {
  it('has unique names and paths', () => {
    expect(new Set(ROUTES.map((r) => r.name)).size).toBe(ROUTES.length);
    expect(new Set(ROUTES.map((r) => r.path)).size).toBe(ROUTES.length);
  });

  it('guards exactly the spec list', () => {
    expect(
      ROUTES.filter((r) => r.guarded)
        .map((r) => r.name)
        .sort(),
    ).toEqual(
      [
        'settings',
        'aboutUs',
        'customerServices',
        'faq',
        'toBorrow',
        'personalInfomation',
        'addBankCard',
        'backupAddBankCard',
        'idCardAuthentication',
        'reviewTips',
      ].sort(),
    );
  });

  it.each([
    ['home', '/'],
    ['records', '/records'],
    ['me', '/me'],
    ['mortgageCalculator', '/mortgage_calculator'],
    ['addBankCard', '/bank_account/add_bankcard'],
    ['backupAddBankCard', '/bank_account/backup_add_bankcard'],
    ['idCardAuthentication', '/auth/id_card_authentication'],
    ['personalInfomation', '/auth/personal_infomation'],
    ['additionalInfomation', '/auth/additionalInfomation'],
    ['reviewTips', '/auth/review_tips'],
    ['loanQuestion', '/auth/loan_question'],
    ['agreement', '/borrow/agreement'],
    ['toBorrow', '/borrow/to_borrow'],
    ['confirmBorrow', '/borrow/confirm_borrow'],
    ['lending', '/borrow/lending'],
    ['repayDetail', '/repay/repay_detail'],
    ['exhibitionPeriodDetail', '/repay/exhibition_period_detail'],
    ['repayBank', '/repay/repay_bank'],
    ['cashier', '/repay/cashier'],
    ['customerServices', '/user_center/customer_services'],
    ['settings', '/user_center/settings'],
    ['customerGuide', '/user_center/customer_guide'],
    ['aboutUs', '/user_center/about_us'],
    ['faq', '/user_center/faq'],
    ['language', '/user_center/language'],
    ['openApp', '/user_center/open_app'],
    ['login', '/user/login'],
    ['register', '/user/register'],
    ['nation', '/user/nation'],
    ['provicy', '/provicy'],
    ['privacyPolicy', '/privacy_policy'],
    ['dataPolicy', '/data_policy'],
    ['termsCondition', '/termsCondition'],
    ['pdPop', '/pd_pop'],
    ['yx1', '/yx1'],
    ['yx2', '/yx2'],
    ['yx2ConfirmBorrow', '/yx2ConfirmBorrow'],
    ['yx3', '/yx3'],
  ])('%s is at %s', (name, path) => expect(routeByName(name).path).toBe(path));

  it('redirects the parent paths', () => {
    expect(Object.fromEntries(REDIRECTS.map((r) => [r.from, r.to]))).toEqual({
      '/bank_account': '/bank_account/add_bankcard',
      '/auth': '/auth/personal_infomation',
      '/borrow': '/',
      '/repay': '/',
      '/user': '/',
      '/user_center': '/user_center/settings',
    });
  });

  it('builds paths with query parameters and refuses unknown names', () => {
    expect(pathFor('reviewTips', { pageName: 'confirmBorrow' })).toBe('/auth/review_tips?pageName=confirmBorrow');
    expect(pathFor('home', { a: undefined })).toBe('/');
    expect(() => routeByName('nope')).toThrow();
  });
});
