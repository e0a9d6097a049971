/**
 * The endpoint catalogue: every call of spec section 7 plus the calls added for screens
 * the spec has no call for (marked "added"). Paths are logical paths (wire-protocol.md);
 * all under /api except countryIp/countryCode under /cou. Requests that concern an order
 * take `orderNo`. `auth: false` calls use the token when one is sent and valid.
 */
import { defineEndpoint } from './endpoint';
import { COUNTRY_PREFIX } from './wire';
import * as S from './schemas';

export const endpoints = {
  // ---- security ----
  login: defineEndpoint({ method: 'POST', path: '/security/login', auth: false, request: S.LoginRequest, response: S.LoginResponse }),
  getVerifyCode: defineEndpoint({ method: 'POST', path: '/security/getVerifyCode', auth: false, request: S.GetVerifyCodeRequest, response: S.GetVerifyCodeResponse }),
  register: defineEndpoint({ method: 'POST', path: '/security/register', auth: false, request: S.RegisterRequest, response: S.RegisterResponse }),
  existsByMobile: defineEndpoint({ method: 'GET', path: '/security/existsByMobile', auth: false, request: S.ExistsByMobileRequest, response: S.ExistsByMobileResponse }),
  getUserInfo: defineEndpoint({ method: 'GET', path: '/security/getUserInfo', auth: true, request: S.GetUserInfoRequest, response: S.GetUserInfoResponse }),
  /** added */
  logout: defineEndpoint({ method: 'POST', path: '/security/logout', auth: true, request: S.LogoutRequest, response: S.LogoutResponse }),

  // ---- loan ----
  latestOrder: defineEndpoint({ method: 'GET', path: '/loan/loan-order/latest', auth: true, request: S.LatestOrderRequest, response: S.LatestOrderResponse }),
  loanAgreement: defineEndpoint({ method: 'GET', path: '/loan/loan-order/loanAgreement', auth: false, request: S.LoanAgreementRequest, response: S.LoanAgreementResponse }),
  orderList: defineEndpoint({ method: 'GET', path: '/loan/loan-order/list-market', auth: true, request: S.OrderListRequest, response: S.OrderListResponse }),
  applyMarket: defineEndpoint({ method: 'POST', path: '/loan/loan-order/apply-market', auth: true, request: S.ApplyMarketRequest, response: S.ApplyMarketResponse }),
  productList: defineEndpoint({ method: 'GET', path: '/loan/product/list-market', auth: false, request: S.ProductListRequest, response: S.ProductListResponse }),
  stepAmount: defineEndpoint({ method: 'GET', path: '/loan/product/step-amount', auth: false, request: S.StepAmountRequest, response: S.StepAmountResponse }),
  productIndex: defineEndpoint({ method: 'GET', path: '/loan/loan-product/index', auth: false, request: S.ProductIndexRequest, response: S.ProductIndexResponse }),
  confirmProductInfo: defineEndpoint({ method: 'GET', path: '/loan/confirm/product-info', auth: true, request: S.ConfirmProductInfoRequest, response: S.ConfirmProductInfoResponse }),
  getMoney: defineEndpoint({ method: 'GET', path: '/loan/get-money', auth: true, request: S.GetMoneyRequest, response: S.GetMoneyResponse }),
  creditInfo: defineEndpoint({ method: 'GET', path: '/loan/get-credit-info', auth: true, request: S.CreditInfoRequest, response: S.CreditInfoResponse }),
  calculator: defineEndpoint({ method: 'GET', path: '/loan/calculator', auth: false, request: S.CalculatorRequest, response: S.CalculatorResponse }),
  cancelOrder: defineEndpoint({ method: 'POST', path: '/loan/order/cancel/{id}', auth: true, request: S.CancelOrderRequest, response: S.CancelOrderResponse }),

  // ---- user ----
  addBankCard: defineEndpoint({ method: 'POST', path: '/user/addBankCard', auth: true, request: S.BankCardInput, response: S.AddBankCardResponse }),
  finishUploadAllImg: defineEndpoint({ method: 'POST', path: '/user/finishUploadAllImg', auth: true, request: S.FinishUploadAllImgRequest, response: S.FinishUploadAllImgResponse }),
  saveBasicInfo: defineEndpoint({ method: 'POST', path: '/user/saveBasicInfo-market', auth: true, request: S.BasicInfo, response: S.FinishUploadAllImgResponse }),
  saveAdditionInfo: defineEndpoint({ method: 'POST', path: '/user/saveAdditionInfo-market', auth: true, request: S.AdditionInfo, response: S.FinishUploadAllImgResponse }),
  uploadOtherCardFront: defineEndpoint({ method: 'POST', path: '/user/upload/otherCard/front', auth: true, multipart: true, request: S.UploadRequest, response: S.UploadResponse }),
  uploadOtherCardBack: defineEndpoint({ method: 'POST', path: '/user/upload/otherCard/back', auth: true, multipart: true, request: S.UploadRequest, response: S.UploadResponse }),
  uploadCurpFront: defineEndpoint({ method: 'POST', path: '/user/upload/curp/front', auth: true, multipart: true, request: S.UploadRequest, response: S.UploadResponse }),
  uploadCurpBack: defineEndpoint({ method: 'POST', path: '/user/upload/curp/back', auth: true, multipart: true, request: S.UploadRequest, response: S.UploadResponse }),
  saveFaceImage: defineEndpoint({ method: 'POST', path: '/user/saveFaceImage', auth: true, multipart: true, request: S.UploadRequest, response: S.UploadResponse }),
  curpOcr: defineEndpoint({ method: 'POST', path: '/user/curp/ocr', auth: true, request: S.CurpOcrRequest, response: S.CurpOcrResponse }),
  saveQuestionnaire: defineEndpoint({ method: 'POST', path: '/user/save/questionnaire', auth: true, request: S.SaveQuestionnaireRequest, response: S.SaveQuestionnaireResponse }),
  devicePackageList: defineEndpoint({ method: 'GET', path: '/user/device/packageList', auth: true, request: S.DevicePackageListRequest, response: S.DevicePackageListResponse }),
  /** added: saved personal/work info, documents and OCR prefill for the forms */
  userProfile: defineEndpoint({ method: 'GET', path: '/user/profile', auth: true, request: S.ProfileRequest, response: S.ProfileResponse }),
  /** added: the 46 banks and the 2 wallets */
  bankList: defineEndpoint({ method: 'GET', path: '/user/bank/list', auth: false, request: S.BankListRequest, response: S.BankListResponse }),
  /** added: questionnaire titles/options (en, es, ur) and the saved answers */
  questionnaire: defineEndpoint({ method: 'GET', path: '/user/questionnaire', auth: false, request: S.QuestionnaireRequest, response: S.QuestionnaireResponse }),

  // ---- loanMarket ----
  marketIndex: defineEndpoint({ method: 'GET', path: '/loanMarket/index', auth: false, request: S.MarketIndexRequest, response: S.MarketIndexResponse }),
  lendingRecord: defineEndpoint({ method: 'GET', path: '/loanMarket/lending-record', auth: false, request: S.LendingRecordRequest, response: S.LendingRecordResponse }),
  repayColor: defineEndpoint({ method: 'GET', path: '/loanMarket/repay-color', auth: false, request: S.RepayColorRequest, response: S.RepayColorResponse }),
  customerService: defineEndpoint({ method: 'GET', path: '/loanMarket/customer-service', auth: false, request: S.CustomerServiceRequest, response: S.CustomerServiceResponse }),
  repayProducts: defineEndpoint({ method: 'GET', path: '/loanMarket/repay/products', auth: false, request: S.RepayProductsRequest, response: S.RepayProductsResponse }),
  /** added */
  faq: defineEndpoint({ method: 'GET', path: '/loanMarket/faq', auth: false, request: S.FaqRequest, response: S.FaqResponse }),
  /** added: privacy, terms, data policy, pd_pop, about us, customer guide */
  policy: defineEndpoint({ method: 'GET', path: '/loanMarket/policy', auth: false, request: S.PolicyRequest, response: S.PolicyResponse }),
  /** added: product/policy figures (review countdown, calculator bounds, minimum repayment, permissions...) */
  marketConfig: defineEndpoint({ method: 'GET', path: '/loanMarket/config', auth: false, request: S.MarketConfigRequest, response: S.MarketConfigResponse }),

  // ---- time upload ----
  uploadEnable: defineEndpoint({ method: 'GET', path: '/time/upload/enable', auth: true, request: S.UploadEnableRequest, response: S.UploadEnableResponse }),
  uploadStatus: defineEndpoint({ method: 'GET', path: '/time/upload/uploadStatus', auth: true, request: S.UploadStatusRequest, response: S.UploadStatusResponse }),
  /** added */
  uploadReport: defineEndpoint({ method: 'POST', path: '/time/upload/report', auth: true, request: S.UploadReportRequest, response: S.UploadReportResponse }),

  // ---- repay ----
  extensionData: defineEndpoint({ method: 'GET', path: '/repay/getExtensionData', auth: true, request: S.ExtensionDataRequest, response: S.ExtensionDataResponse }),
  confirmExtension: defineEndpoint({ method: 'GET', path: '/repay/confirmExtensionOrder', auth: true, request: S.ConfirmExtensionRequest, response: S.ConfirmExtensionResponse }),
  saveAdditional: defineEndpoint({ method: 'POST', path: '/repay/saveAdditional', auth: true, request: S.SaveAdditionalRequest, response: S.SaveAdditionalResponse }),
  /** added: proof-of-repayment image (multipart) */
  proofUpload: defineEndpoint({ method: 'POST', path: '/repay/proof/upload', auth: true, multipart: true, request: S.UploadRequest, response: S.UploadResponse }),
  /** added */
  proofStatus: defineEndpoint({ method: 'GET', path: '/repay/proof/status', auth: true, request: S.ProofStatusRequest, response: S.ProofStatusResponse }),
  /** added */
  bankTransferInfo: defineEndpoint({ method: 'GET', path: '/repay/bank-transfer', auth: true, request: S.BankTransferInfoRequest, response: S.BankTransferInfoResponse }),
  /** added */
  cashierChannels: defineEndpoint({ method: 'GET', path: '/repay/cashier/channels', auth: true, request: S.CashierChannelsRequest, response: S.CashierChannelsResponse }),
  /** added */
  cashierPay: defineEndpoint({ method: 'POST', path: '/repay/cashier/pay', auth: true, request: S.CashierPayRequest, response: S.CashierPayResponse }),
  /** added */
  cashierResult: defineEndpoint({ method: 'GET', path: '/repay/cashier/result', auth: true, request: S.CashierResultRequest, response: S.CashierResultResponse }),

  // ---- app ----
  rejectRecommendation: defineEndpoint({ method: 'GET', path: '/app/isRejectRecommendation', auth: true, request: S.RejectRecommendationRequest, response: S.RejectRecommendationResponse }),
  appDownloadAddress: defineEndpoint({ method: 'GET', path: '/app-download/getAddress', auth: false, request: S.AppDownloadAddressRequest, response: S.AppDownloadAddressResponse }),

  // ---- country ----
  countryIp: defineEndpoint({ method: 'POST', prefix: COUNTRY_PREFIX, path: '/country/meta/ip', auth: false, request: S.CountryIpRequest, response: S.CountryIpResponse }),
  countryCode: defineEndpoint({ method: 'POST', prefix: COUNTRY_PREFIX, path: '/country/meta/code', auth: false, request: S.CountryCodeRequest, response: S.CountryCodeResponse }),
  /** added */
  states: defineEndpoint({ method: 'GET', path: '/country/states', auth: false, request: S.StatesRequest, response: S.StatesResponse }),

  // ---- portal ----
  backupBankCardDetail: defineEndpoint({ method: 'GET', path: '/portal/backupBankCard/detail', auth: true, request: S.BackupBankCardDetailRequest, response: S.BackupBankCardDetailResponse }),
  bindBackupBankCard: defineEndpoint({ method: 'POST', path: '/portal/bankCard/bind-backup', auth: true, request: S.BindBackupBankCardRequest, response: S.BindBackupBankCardResponse }),
  repaymentDetail: defineEndpoint({ method: 'GET', path: '/portal/repayment/detail', auth: true, request: S.RepaymentDetailRequest, response: S.RepaymentDetailResponse }),
  repaymentConfirm: defineEndpoint({ method: 'POST', path: '/portal/repayment/confirm', auth: true, request: S.RepaymentConfirmRequest, response: S.RepaymentConfirmResponse }),
};

export type EndpointName = keyof typeof endpoints;
export * as schemas from './schemas';
export * from './schemas';
