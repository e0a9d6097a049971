/**
 * The endpoint catalogue: every call of spec section 7 plus the calls added for screens
 * the spec has no call for (marked "added"). Paths are logical paths (wire-protocol.md);
 * all under /api except countryIp/countryCode under /cou. Requests that concern an order
 * take `orderNo`. `auth: false` calls use the token when one is sent and valid.
 * Each call's request and response schemas are in endpointSchemas.ts (zod stays off the
 * app's start-up path; the server and the app's development builds validate with them).
 */
import { defineCatalogue } from './endpoint';
import { COUNTRY_PREFIX } from './prefixes';

export const endpoints = defineCatalogue({
  // ---- security ----
  login: { method: 'POST', path: '/security/login', auth: false },
  getVerifyCode: { method: 'POST', path: '/security/getVerifyCode', auth: false },
  register: { method: 'POST', path: '/security/register', auth: false },
  existsByMobile: { method: 'GET', path: '/security/existsByMobile', auth: false },
  getUserInfo: { method: 'GET', path: '/security/getUserInfo', auth: true },
  /** added */
  logout: { method: 'POST', path: '/security/logout', auth: true },

  // ---- loan ----
  latestOrder: { method: 'GET', path: '/loan/loan-order/latest', auth: true },
  loanAgreement: { method: 'GET', path: '/loan/loan-order/loanAgreement', auth: false },
  orderList: { method: 'GET', path: '/loan/loan-order/list-market', auth: true },
  applyMarket: { method: 'POST', path: '/loan/loan-order/apply-market', auth: true },
  productList: { method: 'GET', path: '/loan/product/list-market', auth: false },
  stepAmount: { method: 'GET', path: '/loan/product/step-amount', auth: false },
  productIndex: { method: 'GET', path: '/loan/loan-product/index', auth: false },
  confirmProductInfo: { method: 'GET', path: '/loan/confirm/product-info', auth: true },
  getMoney: { method: 'GET', path: '/loan/get-money', auth: true },
  creditInfo: { method: 'GET', path: '/loan/get-credit-info', auth: true },
  calculator: { method: 'GET', path: '/loan/calculator', auth: false },
  cancelOrder: { method: 'POST', path: '/loan/order/cancel/{id}', auth: true },

  // ---- user ----
  addBankCard: { method: 'POST', path: '/user/addBankCard', auth: true },
  finishUploadAllImg: { method: 'POST', path: '/user/finishUploadAllImg', auth: true },
  saveBasicInfo: { method: 'POST', path: '/user/saveBasicInfo-market', auth: true },
  saveAdditionInfo: { method: 'POST', path: '/user/saveAdditionInfo-market', auth: true },
  uploadOtherCardFront: { method: 'POST', path: '/user/upload/otherCard/front', auth: true, multipart: true },
  uploadOtherCardBack: { method: 'POST', path: '/user/upload/otherCard/back', auth: true, multipart: true },
  uploadCurpFront: { method: 'POST', path: '/user/upload/curp/front', auth: true, multipart: true },
  uploadCurpBack: { method: 'POST', path: '/user/upload/curp/back', auth: true, multipart: true },
  saveFaceImage: { method: 'POST', path: '/user/saveFaceImage', auth: true, multipart: true },
  curpOcr: { method: 'POST', path: '/user/curp/ocr', auth: true },
  saveQuestionnaire: { method: 'POST', path: '/user/save/questionnaire', auth: true },
  devicePackageList: { method: 'GET', path: '/user/device/packageList', auth: true },
  /** added: saved personal/work info, documents and OCR prefill for the forms */
  userProfile: { method: 'GET', path: '/user/profile', auth: true },
  /** added: the 46 banks and the 2 wallets */
  bankList: { method: 'GET', path: '/user/bank/list', auth: false },
  /** added: questionnaire titles/options (en, es, ur) and the saved answers */
  questionnaire: { method: 'GET', path: '/user/questionnaire', auth: false },
  /** added: the borrower's stored agreement to the device permissions (any device or browser) */
  consent: { method: 'GET', path: '/user/consent', auth: true },
  /** added: agreeing to the device permissions (version, permissions ticked); needed before the camera, contacts and data collection */
  saveConsent: { method: 'POST', path: '/user/consent/save', auth: true },

  // ---- loanMarket ----
  marketIndex: { method: 'GET', path: '/loanMarket/index', auth: false },
  lendingRecord: { method: 'GET', path: '/loanMarket/lending-record', auth: false },
  repayColor: { method: 'GET', path: '/loanMarket/repay-color', auth: false },
  customerService: { method: 'GET', path: '/loanMarket/customer-service', auth: false },
  repayProducts: { method: 'GET', path: '/loanMarket/repay/products', auth: false },
  /** added */
  faq: { method: 'GET', path: '/loanMarket/faq', auth: false },
  /** added: privacy, terms, data policy, pd_pop, about us, customer guide */
  policy: { method: 'GET', path: '/loanMarket/policy', auth: false },
  /** added: product/policy figures (review countdown, calculator bounds, minimum repayment, permissions...) */
  marketConfig: { method: 'GET', path: '/loanMarket/config', auth: false },

  /** added (market profile): the borrower acknowledged the risk warning shown before sign-up */
  acknowledgeRiskWarning: { method: 'POST', path: '/loanMarket/risk-warning/acknowledge', auth: true },
  /** added (market profile): a complaint (grievance) ticket, its optional photo, and the borrower's tickets */
  complaintPhoto: { method: 'POST', path: '/loanMarket/complaint/photo', auth: true, multipart: true },
  createComplaint: { method: 'POST', path: '/loanMarket/complaint/create', auth: true },
  complaintList: { method: 'GET', path: '/loanMarket/complaint/list', auth: true },
  /** added (issue 41): the in-app inbox of notices and reminders, marking them read, and texting them or not */
  noticeList: { method: 'GET', path: '/user/notices', auth: true },
  noticeRead: { method: 'POST', path: '/user/notices/read', auth: true },
  noticeSettings: { method: 'GET', path: '/user/notices/settings', auth: true },
  saveNoticeSettings: { method: 'POST', path: '/user/notices/settings/save', auth: true },
  /** added (issue 41): this browser's web-push subscription, made with the borrower's consent, and taken back */
  pushSubscribe: { method: 'POST', path: '/user/notices/push/subscribe', auth: true },
  pushUnsubscribe: { method: 'POST', path: '/user/notices/push/unsubscribe', auth: true },

  // ---- time upload ----
  uploadEnable: { method: 'GET', path: '/time/upload/enable', auth: true },
  uploadStatus: { method: 'GET', path: '/time/upload/uploadStatus', auth: true },
  /** added */
  uploadReport: { method: 'POST', path: '/time/upload/report', auth: true },

  // ---- repay ----
  extensionData: { method: 'GET', path: '/repay/getExtensionData', auth: true },
  confirmExtension: { method: 'GET', path: '/repay/confirmExtensionOrder', auth: true },
  saveAdditional: { method: 'POST', path: '/repay/saveAdditional', auth: true },
  /** added: proof-of-repayment image (multipart) */
  proofUpload: { method: 'POST', path: '/repay/proof/upload', auth: true, multipart: true },
  /** added */
  proofStatus: { method: 'GET', path: '/repay/proof/status', auth: true },
  /** added */
  bankTransferInfo: { method: 'GET', path: '/repay/bank-transfer', auth: true },
  /** added */
  cashierChannels: { method: 'GET', path: '/repay/cashier/channels', auth: true },
  /** added */
  cashierPay: { method: 'POST', path: '/repay/cashier/pay', auth: true },
  /** added */
  cashierResult: { method: 'GET', path: '/repay/cashier/result', auth: true },

  // ---- app ----
  rejectRecommendation: { method: 'GET', path: '/app/isRejectRecommendation', auth: true },
  appDownloadAddress: { method: 'GET', path: '/app-download/getAddress', auth: false },
  /** added: the app reports what went wrong on the phone (a remote that failed to load) */
  clientEvent: { method: 'POST', path: '/app/clientEvent', auth: false },

  // ---- country ----
  countryIp: { method: 'POST', prefix: COUNTRY_PREFIX, path: '/country/meta/ip', auth: false },
  countryCode: { method: 'POST', prefix: COUNTRY_PREFIX, path: '/country/meta/code', auth: false },
  /** added */
  states: { method: 'GET', path: '/country/states', auth: false },

  // ---- portal ----
  backupBankCardDetail: { method: 'GET', path: '/portal/backupBankCard/detail', auth: true },
  bindBackupBankCard: { method: 'POST', path: '/portal/bankCard/bind-backup', auth: true },
  /** added: a failed payout (10) goes to the backup account */
  useBackupBankCard: { method: 'POST', path: '/portal/bankCard/use-backup', auth: true },
  repaymentDetail: { method: 'GET', path: '/portal/repayment/detail', auth: true },
  /** added: the loan's money events (the ledger's journals) for the statement the borrower can download */
  repaymentStatement: { method: 'GET', path: '/portal/repayment/statement', auth: true },
  repaymentConfirm: { method: 'POST', path: '/portal/repayment/confirm', auth: true },
});

export type { EndpointName } from './endpoint';
