import * as accounts from './api/accounts';
import * as app from './api/app';
import * as checkout from './api/checkout';
import * as exam from './api/exam';
import * as extras from './api/extras';
import * as files from './api/files';
import * as lab from './api/lab';
import * as personality from './api/personality';
import * as report from './api/report';
import * as share from './api/share';
import * as subscription from './api/subscription';
import * as support from './api/support';

/** Every endpoint of the API, by operation id. The server mounts these; the web client calls them. */
export const endpoints = {
  appView: app.appView,
  generateLogid: app.generateLogid,
  languageList: app.languageList,
  protocolList: app.protocolList,
  privacyAndAgreement: app.privacyAndAgreement,
  protocolInfo: app.protocolInfo,
  helpList: app.helpList,
  helpInfo: app.helpInfo,
  categoryList: app.categoryList,
  examInfo: app.examInfo,
  supportContact: support.supportContact,
  questionList: exam.questionList,
  saveAnswer: exam.saveAnswer,
  confirmSession: exam.confirmSession,
  nextPart: exam.nextPart,
  createExamOrder: exam.createExamOrder,
  updateOrderEmail: exam.updateOrderEmail,
  confirmOrderEmail: exam.confirmOrderEmail,
  orderInfo: exam.orderInfo,
  examStats: exam.examStats,
  personalityReliability: personality.personalityReliability,
  skuList: checkout.skuList,
  skuInfo: checkout.skuInfo,
  paymentMethodList: checkout.paymentMethodList,
  orderCountryList: checkout.orderCountryList,
  orderSkuCheck: checkout.orderSkuCheck,
  promoCheck: checkout.promoCheck,
  reviewList: checkout.reviewList,
  createPayment: checkout.createPayment,
  checkPaymentStatus: checkout.checkPaymentStatus,
  sendReportCopy: checkout.sendReportCopy,
  retrieveReports: report.retrieveReports,
  orderQuestions: report.orderQuestions,
  planList: subscription.planList,
  secondPhasePlanList: subscription.secondPhasePlanList,
  createPlanPayment: subscription.createPlanPayment,
  unsubscribeCheckEmail: subscription.unsubscribeCheckEmail,
  unsubscribeCancel: subscription.unsubscribeCancel,
  subscriptionInfo: subscription.subscriptionInfo,
  stepPackage: extras.stepPackage,
  secondPhaseOrder: extras.secondPhaseOrder,
  extraPackageList: extras.extraPackageList,
  buySkuPackage: extras.buySkuPackage,
  buyWrongQuestion: extras.buyWrongQuestion,
  buyPresentedExam: extras.buyPresentedExam,
  submitExtraOrder: extras.submitExtraOrder,
  createVipPayment: extras.createVipPayment,
  buyPlanSku: extras.buyPlanSku,
  vipStatus: extras.vipStatus,
  presenterList: extras.presenterList,
  redeemGift: extras.redeemGift,
  fileDownInfo: files.fileDownInfo,
  certificateVerify: files.certificateVerify,
  labList: lab.labList,
  labSubmit: lab.labSubmit,
  createShare: share.createShare,
  shareList: share.shareList,
  revokeShare: share.revokeShare,
  sharedResult: share.sharedResult,
  register: accounts.register,
  login: accounts.login,
  loginWithLink: accounts.loginWithLink,
  logout: accounts.logout,
  updatePassword: accounts.updatePassword,
  resetPassword: accounts.resetPassword,
  sendEmailCode: accounts.sendEmailCode,
  verifyEmailCode: accounts.verifyEmailCode,
  currentUser: accounts.currentUser,
  updateUser: accounts.updateUser,
  userOrderList: accounts.userOrderList,
  vipDetail: accounts.vipDetail,
  userPrivilege: accounts.userPrivilege,
  isVip: accounts.isVip,
  deleteAccount: accounts.deleteAccount,
  exportAccount: accounts.exportAccount,
} as const;

export type EndpointId = keyof typeof endpoints;
