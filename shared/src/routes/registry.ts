/**
 * The spec's route table (section 2): every route's name, full hash path, owning remote
 * and whether it needs a stored token. The host builds its router from this, and remotes
 * move between screens by name through it, never by path.
 */
import type { EndpointName } from '../contract/endpoints';

export type RemoteName = 'mf_onboarding' | 'mf_loan' | 'mf_repay' | 'mf_usercenter';
export const REMOTE_NAMES: readonly RemoteName[] = ['mf_onboarding', 'mf_loan', 'mf_repay', 'mf_usercenter'];

/**
 * The global an app's chunks register in when they run (output.chunkLoadingGlobal). Two
 * releases of one remote share it, so the host clears it before loading a remote's last good
 * release after its current one ran some of its chunks.
 */
export const chunkGlobalOf = (name: string) => `chunks_${name}`;

export interface RouteEntry {
  name: string;
  path: string;
  remote: RemoteName;
  /** needs a stored token (spec section 2, route guard) */
  guarded?: boolean;
  /** shows the bottom tabs */
  tab?: boolean;
  /** calls (without parameters) the screen makes first: started while its code loads (api/prefetch.ts) */
  prefetch?: readonly EndpointName[];
  /** the screens a borrower most often opens from this one: their code is fetched when the phone is idle */
  next?: readonly string[];
}

const r = (name: string, path: string, remote: RemoteName, extra: Partial<RouteEntry> = {}): RouteEntry => ({ name, path, remote, ...extra });

export const ROUTES: readonly RouteEntry[] = [
  r('home', '/', 'mf_loan', { tab: true, prefetch: ['marketIndex', 'lendingRecord'], next: ['login', 'toBorrow', 'records'] }),
  r('records', '/records', 'mf_loan', { tab: true, next: ['login', 'repayDetail'] }),
  r('me', '/me', 'mf_usercenter', { tab: true, next: ['login', 'faq', 'settings'] }),
  r('mortgageCalculator', '/mortgage_calculator', 'mf_loan'),
  r('addBankCard', '/bank_account/add_bankcard', 'mf_onboarding', { guarded: true }),
  r('backupAddBankCard', '/bank_account/backup_add_bankcard', 'mf_onboarding', { guarded: true }),
  r('idCardAuthentication', '/auth/id_card_authentication', 'mf_onboarding', { guarded: true }),
  r('personalInfomation', '/auth/personal_infomation', 'mf_onboarding', { guarded: true }),
  r('additionalInfomation', '/auth/additionalInfomation', 'mf_onboarding'),
  r('reviewTips', '/auth/review_tips', 'mf_onboarding', { guarded: true }),
  r('loanQuestion', '/auth/loan_question', 'mf_onboarding'),
  // The spec does not show the validation screen's path (reached from order status 16).
  r('validation', '/auth/validation', 'mf_onboarding'),
  r('devicePermissions', '/auth/permissions', 'mf_onboarding'),
  r('agreement', '/borrow/agreement', 'mf_loan'),
  r('toBorrow', '/borrow/to_borrow', 'mf_loan', { guarded: true }),
  r('confirmBorrow', '/borrow/confirm_borrow', 'mf_loan'),
  r('lending', '/borrow/lending', 'mf_loan'),
  r('repayDetail', '/repay/repay_detail', 'mf_repay'),
  r('exhibitionPeriodDetail', '/repay/exhibition_period_detail', 'mf_repay'),
  r('repayBank', '/repay/repay_bank', 'mf_repay'),
  r('cashier', '/repay/cashier', 'mf_repay'),
  r('customerServices', '/user_center/customer_services', 'mf_usercenter', { guarded: true }),
  r('settings', '/user_center/settings', 'mf_usercenter', { guarded: true }),
  r('customerGuide', '/user_center/customer_guide', 'mf_usercenter'),
  r('aboutUs', '/user_center/about_us', 'mf_usercenter', { guarded: true }),
  r('faq', '/user_center/faq', 'mf_usercenter', { guarded: true }),
  r('language', '/user_center/language', 'mf_usercenter'),
  r('openApp', '/user_center/open_app', 'mf_usercenter'),
  r('login', '/user/login', 'mf_onboarding'),
  r('register', '/user/register', 'mf_onboarding'),
  r('nation', '/user/nation', 'mf_onboarding'),
  r('provicy', '/provicy', 'mf_usercenter'),
  r('privacyPolicy', '/privacy_policy', 'mf_usercenter'),
  r('dataPolicy', '/data_policy', 'mf_usercenter'),
  r('termsCondition', '/termsCondition', 'mf_usercenter'),
  r('pdPop', '/pd_pop', 'mf_usercenter'),
  r('yx1', '/yx1', 'mf_loan'),
  r('yx2', '/yx2', 'mf_loan'),
  r('yx2ConfirmBorrow', '/yx2ConfirmBorrow', 'mf_loan'),
  r('yx3', '/yx3', 'mf_loan'),
];

/** Parent paths that only redirect (spec section 2). */
export const REDIRECTS: readonly { from: string; to: string }[] = [
  { from: '/bank_account', to: '/bank_account/add_bankcard' },
  { from: '/auth', to: '/auth/personal_infomation' },
  { from: '/borrow', to: '/' },
  { from: '/repay', to: '/' },
  { from: '/user', to: '/' },
  { from: '/user_center', to: '/user_center/settings' },
];

const byName = new Map(ROUTES.map((e) => [e.name, e]));

export function routeByName(name: string): RouteEntry {
  const e = byName.get(name);
  if (!e) throw new Error(`unknown route name: ${name}`);
  return e;
}

export function routesOf(remote: RemoteName): RouteEntry[] {
  return ROUTES.filter((e) => e.remote === remote);
}

/** The hash path for a route name with optional query parameters. */
export function pathFor(name: string, query?: Record<string, string | number | undefined>): string {
  const { path } = routeByName(name);
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(query ?? {})) if (v !== undefined && v !== '') q.set(k, String(v));
  const s = q.toString();
  return s ? `${path}?${s}` : path;
}
