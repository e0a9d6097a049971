/** The handler of every endpoint of the catalogue. */
import type { Handlers } from '../handler';
import * as S from './security';
import * as U from './user';
import * as L from './loan';
import * as R from './repay';
import * as M from './market';
import * as P from './payout';
import * as K from './consent';

export const handlers: Handlers = {
  login: S.login,
  getVerifyCode: S.getVerifyCode,
  register: S.register,
  existsByMobile: S.existsByMobile,
  getUserInfo: (_p, ctx) => S.userInfo(ctx.deps, ctx.user!),
  logout: S.logout,

  latestOrder: L.latestOrder,
  loanAgreement: L.loanAgreement,
  orderList: L.orderList,
  applyMarket: L.applyMarket,
  productList: L.productList,
  stepAmount: L.stepAmount,
  productIndex: L.productIndex,
  confirmProductInfo: L.confirmProductInfo,
  getMoney: L.getMoney,
  creditInfo: L.creditInfo,
  calculator: L.calculator,
  cancelOrder: L.cancelOrder,

  addBankCard: U.addBankCard,
  finishUploadAllImg: U.finishUploadAllImg,
  saveBasicInfo: U.saveBasicInfo,
  saveAdditionInfo: U.saveAdditionInfo,
  uploadOtherCardFront: U.uploader('idFront'),
  uploadOtherCardBack: U.uploader('idBack'),
  uploadCurpFront: U.uploader('curpFront'),
  uploadCurpBack: U.uploader('curpBack'),
  saveFaceImage: U.uploader('face', U.checkFace),
  curpOcr: U.curpOcr,
  saveQuestionnaire: U.saveQuestionnaire,
  devicePackageList: U.devicePackageList,
  userProfile: U.userProfile,
  bankList: U.bankList,
  questionnaire: U.questionnaire,
  consent: K.consent,
  saveConsent: K.saveConsent,

  marketIndex: M.marketIndex,
  lendingRecord: M.lendingRecord,
  repayColor: M.repayColor,
  customerService: M.customerService,
  repayProducts: M.repayProducts,
  faq: M.faq,
  policy: M.policy,
  marketConfig: M.marketConfig,

  uploadEnable: M.uploadEnable,
  uploadStatus: M.uploadStatus,
  uploadReport: M.uploadReport,

  extensionData: R.extensionData,
  confirmExtension: R.confirmExtension,
  saveAdditional: R.saveAdditional,
  proofUpload: U.uploader('repayProof'),
  proofStatus: R.proofStatus,
  bankTransferInfo: R.bankTransferInfo,
  cashierChannels: R.cashierChannels,
  cashierPay: R.cashierPay,
  cashierResult: R.cashierResult,

  rejectRecommendation: L.rejectRecommendation,
  appDownloadAddress: M.appDownloadAddress,
  clientEvent: M.clientEvent,

  countryIp: M.countryIp,
  countryCode: M.countryCode,
  states: M.states,

  backupBankCardDetail: U.backupBankCardDetail,
  bindBackupBankCard: U.bindBackupBankCard,
  useBackupBankCard: P.useBackupBankCard,
  repaymentDetail: R.repaymentDetail,
  repaymentConfirm: R.repaymentConfirm,
};
