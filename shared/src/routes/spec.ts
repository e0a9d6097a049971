/**
 * The spec's route table (section 2): every screen's name, hash path, owning remote, whether it
 * needs a stored token and whether it shows the bottom tabs. It is the default content of the
 * run-time table (a remote whose release publishes no routes gets these) and what a release is
 * checked against: a remote may add routes of its own and choose its prefetches, never move a
 * spec route or change its guard (platform/src/release/checks.ts, docs/architecture.md).
 */
/** The remotes the borrower's host composes. */
export type RemoteName = 'mf_onboarding' | 'mf_loan' | 'mf_repay' | 'mf_usercenter';
export const REMOTE_NAMES: readonly RemoteName[] = ['mf_onboarding', 'mf_loan', 'mf_repay', 'mf_usercenter'];
/**
 * Remotes released with the same tooling but served alone on their own origin, to staff: never in the
 * borrower's host (its router takes REMOTE_NAMES only). Their routes are their own table, not the spec's.
 */
export type StaffRemoteName = 'mf_operations';
export const STAFF_REMOTE_NAMES: readonly StaffRemoteName[] = ['mf_operations'];

export interface SpecRoute {
  name: string;
  path: string;
  remote: RemoteName;
  /** needs a stored token (spec section 2, route guard) */
  guarded?: boolean;
  /** shows the bottom tabs */
  tab?: boolean;
}

export const SPEC_ROUTES = [
  { name: 'home', path: '/', remote: 'mf_loan', tab: true },
  { name: 'records', path: '/records', remote: 'mf_loan', tab: true },
  { name: 'me', path: '/me', remote: 'mf_usercenter', tab: true },
  { name: 'mortgageCalculator', path: '/mortgage_calculator', remote: 'mf_loan' },
  { name: 'addBankCard', path: '/bank_account/add_bankcard', remote: 'mf_onboarding', guarded: true },
  { name: 'backupAddBankCard', path: '/bank_account/backup_add_bankcard', remote: 'mf_onboarding', guarded: true },
  { name: 'idCardAuthentication', path: '/auth/id_card_authentication', remote: 'mf_onboarding', guarded: true },
  { name: 'personalInfomation', path: '/auth/personal_infomation', remote: 'mf_onboarding', guarded: true },
  { name: 'additionalInfomation', path: '/auth/additionalInfomation', remote: 'mf_onboarding' },
  { name: 'reviewTips', path: '/auth/review_tips', remote: 'mf_onboarding', guarded: true },
  { name: 'loanQuestion', path: '/auth/loan_question', remote: 'mf_onboarding' },
  // The spec does not show the validation screen's path (reached from order status 16).
  { name: 'validation', path: '/auth/validation', remote: 'mf_onboarding' },
  { name: 'devicePermissions', path: '/auth/permissions', remote: 'mf_onboarding' },
  { name: 'agreement', path: '/borrow/agreement', remote: 'mf_loan' },
  { name: 'toBorrow', path: '/borrow/to_borrow', remote: 'mf_loan', guarded: true },
  { name: 'confirmBorrow', path: '/borrow/confirm_borrow', remote: 'mf_loan' },
  { name: 'lending', path: '/borrow/lending', remote: 'mf_loan' },
  { name: 'repayDetail', path: '/repay/repay_detail', remote: 'mf_repay' },
  { name: 'exhibitionPeriodDetail', path: '/repay/exhibition_period_detail', remote: 'mf_repay' },
  { name: 'repayBank', path: '/repay/repay_bank', remote: 'mf_repay' },
  { name: 'cashier', path: '/repay/cashier', remote: 'mf_repay' },
  { name: 'customerServices', path: '/user_center/customer_services', remote: 'mf_usercenter', guarded: true },
  { name: 'settings', path: '/user_center/settings', remote: 'mf_usercenter', guarded: true },
  { name: 'customerGuide', path: '/user_center/customer_guide', remote: 'mf_usercenter' },
  { name: 'aboutUs', path: '/user_center/about_us', remote: 'mf_usercenter', guarded: true },
  { name: 'faq', path: '/user_center/faq', remote: 'mf_usercenter', guarded: true },
  { name: 'language', path: '/user_center/language', remote: 'mf_usercenter' },
  { name: 'openApp', path: '/user_center/open_app', remote: 'mf_usercenter' },
  { name: 'login', path: '/user/login', remote: 'mf_onboarding' },
  { name: 'register', path: '/user/register', remote: 'mf_onboarding' },
  { name: 'nation', path: '/user/nation', remote: 'mf_onboarding' },
  { name: 'provicy', path: '/provicy', remote: 'mf_usercenter' },
  { name: 'privacyPolicy', path: '/privacy_policy', remote: 'mf_usercenter' },
  { name: 'dataPolicy', path: '/data_policy', remote: 'mf_usercenter' },
  { name: 'termsCondition', path: '/termsCondition', remote: 'mf_usercenter' },
  { name: 'pdPop', path: '/pd_pop', remote: 'mf_usercenter' },
  { name: 'yx1', path: '/yx1', remote: 'mf_loan' },
  { name: 'yx2', path: '/yx2', remote: 'mf_loan' },
  { name: 'yx2ConfirmBorrow', path: '/yx2ConfirmBorrow', remote: 'mf_loan' },
  { name: 'yx3', path: '/yx3', remote: 'mf_loan' },
] as const satisfies readonly SpecRoute[];

export type SpecRouteName = (typeof SPEC_ROUTES)[number]['name'];
/** the spec routes a remote owns, by name */
export type SpecRouteOf<R extends RemoteName | StaffRemoteName> = Extract<(typeof SPEC_ROUTES)[number], { remote: R }>['name'];

/** Parent paths that only redirect (spec section 2): the platform's, not a remote's. */
export const REDIRECTS: readonly { from: string; to: string }[] = [
  { from: '/bank_account', to: '/bank_account/add_bankcard' },
  { from: '/auth', to: '/auth/personal_infomation' },
  { from: '/borrow', to: '/' },
  { from: '/repay', to: '/' },
  { from: '/user', to: '/' },
  { from: '/user_center', to: '/user_center/settings' },
];
