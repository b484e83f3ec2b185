import type { QueryClient } from '@tanstack/react-query';
import type { ComponentType } from 'react';
import type { LoaderFunctionArgs } from 'react-router';
import type { RouteKey } from './paths';

export interface ScreenContext {
  queryClient: QueryClient;
}

/** What a lazily loaded route module exports. */
export interface ScreenModule {
  Component: ComponentType;
  loader?: (args: LoaderFunctionArgs, ctx: ScreenContext) => Promise<unknown> | unknown;
}

/**
 * The screens that exist. A route with no entry here is not served: its paths show the 404 page until the
 * issue that builds the screen registers it.
 */
export const SCREENS: Partial<Record<RouteKey, () => Promise<ScreenModule>>> = {
  home: () => import('../features/home/home-route'),
  help: () => import('../features/help/help-centre-route'),
  helpDetail: () => import('../features/help/help-detail-route'),
  support: () => import('../features/support/support-route'),
  protocol: () => import('../features/legal/protocol-route'),
  landing: () => import('../features/test/landing-route'),
  answerStartLoading: () => import('../features/test/start-loading-route'),
  answerStandard: () => import('../features/test/question-route'),
  answerLoading: () => import('../features/test/answer-loading-route'),
  answerEmail: () => import('../features/test/answer-email-route'),
  answerSubmit: () => import('../features/test/answer-submit-route'),
  answerSubmitOld: () => import('../features/test/answer-submit-route'),
  paying: () => import('../features/checkout/plans-route'),
  payingScheme: () => import('../features/checkout/scheme-route'),
  payingPayment: () => import('../features/checkout/payment-route'),
  payingCheck: () => import('../features/checkout/check-route'),
  payingSuccess: () => import('../features/checkout/success-route'),
  payingFailed: () => import('../features/checkout/failed-route'),
  payingSubscribeCheck: () => import('../features/checkout/check-route'),
  payingPackage: () => import('../features/checkout/package-route'),
  payinsider: () => import('../features/checkout/payinsider-route'),
  triplePurchase: () => import('../features/checkout/triple-purchase-route'),
  cancelSubscription: () => import('../features/checkout/cancel-route'),
  cancelSuccess: () => import('../features/checkout/cancel-success-route'),
  reportResult: () => import('../features/report/report-result-route'),
  reportResultOld: () => import('../features/report/report-result-route'),
  reportRetrieve: () => import('../features/report/retrieve-route'),
  reportWrong: () => import('../features/report/wrong-answers-route'),
  reportDownload: () => import('../features/report/download-route'),
  reportFreeTest: () => import('../features/report/lab-route'),
  reportShare: () => import('../features/report/shared-route'),
  certificate: () => import('../features/report/certificate-route'),
  userLogin: () => import('../features/account/login-route'),
  userRegister: () => import('../features/account/register-route'),
  userForgotPassword: () => import('../features/account/forgot-password-route'),
  userEditPassword: () => import('../features/account/edit-password-route'),
  userInfo: () => import('../features/account/info-route'),
  userSetting: () => import('../features/account/setting-route'),
};

export function isRegistered(key: RouteKey): boolean {
  return SCREENS[key] !== undefined;
}
