import { composeRoutes, declareRoutes, installRoutes, pathFor, REDIRECTS, routeByName, SPEC_ROUTES, type RouteEntry } from '../registry';

const ROUTES: readonly RouteEntry[] = SPEC_ROUTES;

describe('the spec route table (section 2)', () => {
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

describe('remote-owned routes', () => {
  afterEach(() => installRoutes(SPEC_ROUTES));

  it("takes a spec route's path, guard and tab from the spec, with the remote's own choices", () => {
    const [toBorrow, guide] = declareRoutes({
      remote: 'mf_loan',
      routes: [
        { name: 'toBorrow', prefetch: ['marketIndex'] },
        { name: 'loanGuide', path: '/borrow/guide', guarded: true },
      ],
    });
    expect(toBorrow).toEqual({ name: 'toBorrow', path: '/borrow/to_borrow', remote: 'mf_loan', guarded: true, prefetch: ['marketIndex'] });
    expect(guide).toEqual({ name: 'loanGuide', path: '/borrow/guide', remote: 'mf_loan', guarded: true });
  });

  it('refuses a spec route declared with its own path or guard, or by another remote', () => {
    // as a build would see a hand-edited table: the types already refuse both
    const moved = { name: 'toBorrow', path: '/borrow/elsewhere' } as unknown as { name: 'toBorrow' };
    expect(() => declareRoutes({ remote: 'mf_loan', routes: [moved] })).toThrow(/toBorrow is a spec route/);
    const taken = { name: 'cashier' } as unknown as { name: 'home' };
    expect(() => declareRoutes({ remote: 'mf_loan', routes: [taken] })).toThrow(/cashier is a spec route .*mf_repay/);
  });

  it('composes the published tables, the spec for a remote that published none, and resolves new names', () => {
    const loan = declareRoutes({ remote: 'mf_loan', routes: [{ name: 'home' }, { name: 'loanGuide', path: '/borrow/guide' }] });
    const routes = composeRoutes({ mf_loan: loan });
    expect(routes.filter((r) => r.remote === 'mf_loan').map((r) => r.name)).toEqual(['home', 'loanGuide']);
    expect(routes.filter((r) => r.remote === 'mf_repay')).toEqual(SPEC_ROUTES.filter((r) => r.remote === 'mf_repay'));
    installRoutes(routes);
    expect(routeByName('loanGuide').path).toBe('/borrow/guide');
    expect(() => routeByName('records')).toThrow(); // no longer in mf-loan's table
  });

  it('leaves out a route claiming a name or path another remote has', () => {
    const error = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const repay = [{ name: 'repayGuide', path: '/me', remote: 'mf_repay' as const }];
    const routes = composeRoutes({ mf_repay: repay });
    expect(routes.find((r) => r.path === '/me')?.remote).toBe('mf_usercenter');
    expect(routes.some((r) => r.name === 'repayGuide')).toBe(false);
    expect(error).toHaveBeenCalledWith(expect.stringContaining('repayGuide (/me) of mf_repay is claimed twice'));
    error.mockRestore();
  });
});
