/** The handler of every endpoint of the catalogue, and the one way to run one. */
import type { Handlers } from '../api/handler';
import type { Req, Res } from '../api/calls';
import type { Ctx } from '../context/deps';
import type { EndpointName } from '../api/contract';
import C from '../api/contract';
import { ErrorCode, fail } from '../core/errors';
import * as S from './security';
import * as P from './profile';
import * as K from './cards';
import * as D from './documents';
import * as L from './loan';
import * as R from './repay';
import * as E from './extension';
import * as M from './market';
import * as G from './dataCollection';
import * as A from './consent';
import * as Q from './compliance';
import * as N from './notices';

export const handlers: Handlers = {
  login: S.login,
  getVerifyCode: S.getVerifyCode,
  register: S.register,
  existsByMobile: S.existsByMobile,
  getUserInfo: S.getUserInfo,
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

  addBankCard: K.addBankCard,
  finishUploadAllImg: D.finishUploadAllImg,
  saveBasicInfo: P.saveBasicInfo,
  saveAdditionInfo: P.saveAdditionInfo,
  uploadOtherCardFront: D.uploader('idFront'),
  uploadOtherCardBack: D.uploader('idBack'),
  uploadCurpFront: D.uploader('curpFront'),
  uploadCurpBack: D.uploader('curpBack'),
  saveFaceImage: D.uploader('face', D.checkFace),
  curpOcr: D.curpOcr,
  saveQuestionnaire: P.saveQuestionnaire,
  devicePackageList: G.devicePackageList,
  userProfile: P.userProfile,
  bankList: K.bankList,
  questionnaire: P.questionnaire,
  consent: A.consent,
  saveConsent: A.saveConsent,

  marketIndex: M.marketIndex,
  lendingRecord: M.lendingRecord,
  repayColor: M.repayColor,
  customerService: M.customerService,
  repayProducts: M.repayProducts,
  faq: M.faq,
  policy: M.policy,
  marketConfig: (_p, ctx) => M.marketConfig(ctx.deps.cfg),
  acknowledgeRiskWarning: Q.acknowledgeRiskWarning,
  complaintPhoto: D.uploader('complaint'),
  createComplaint: Q.createComplaint,
  complaintList: Q.complaintList,
  noticeList: N.noticeList,
  noticeRead: N.noticeRead,
  noticeSettings: N.noticeSettings,
  saveNoticeSettings: N.saveNoticeSettings,
  pushSubscribe: N.pushSubscribe,
  pushUnsubscribe: N.pushUnsubscribe,

  uploadEnable: G.uploadEnable,
  uploadStatus: G.uploadStatus,
  uploadReport: G.uploadReport,

  extensionData: E.extensionData,
  confirmExtension: E.confirmExtension,
  saveAdditional: R.saveAdditional,
  proofUpload: D.uploader('repayProof'),
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

  backupBankCardDetail: K.backupBankCardDetail,
  bindBackupBankCard: K.bindBackupBankCard,
  useBackupBankCard: L.useBackupBankCard,
  repaymentDetail: R.repaymentDetail,
  repaymentStatement: R.repaymentStatement,
  repaymentConfirm: R.repaymentConfirm,
};

/** call N's handler on its parsed request; a call the catalogue marks auth is refused notLoggedIn without a user (its handler's type relies on it) */
export async function runHandler<N extends EndpointName>(name: N, request: Req<N>, ctx: Ctx, token?: string): Promise<Res<N>> {
  if (C.endpoints[name].auth && !ctx.user) fail(ErrorCode.notLoggedIn);
  return (handlers[name] as (p: Req<N>, c: Ctx, t?: string) => Promise<Res<N>> | Res<N>)(request, ctx, token);
}
