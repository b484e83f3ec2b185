import type { Locale } from '@mindgauge/contract';
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
  /**
   * A prerendered screen about to be hydrated: starts the queries its parts read, without waiting for them
   * (app/router.tsx). Their answers wait in the cache until hydration is over (lib/use-deferred-query-data.ts),
   * so the effects that subscribe to them after hydrating find them fetched or in flight: no request and no
   * synchronous re-render is started in that one task (it was the landing's longest on a phone).
   */
  prefetch?: (params: Record<string, string | undefined>, ctx: ScreenContext & { locale: Locale }) => void;
}

/**
 * The screens that exist. A route with no entry here is not served: its paths show the 404 page until the
 * issue that builds the screen registers it. A screen owned by one feature is that feature's route module; a
 * screen made of several features is composed in app/routes (features never import each other).
 */
export const SCREENS: Partial<Record<RouteKey, () => Promise<ScreenModule>>> = {
  home: () => import('../features/home/home-route'),
  help: () => import('../features/help/help-centre-route'),
  helpDetail: () => import('../features/help/help-detail-route'),
  support: () => import('../features/support/support-route'),
  protocol: () => import('../features/legal/protocol-route'),
  landing: () => import('./landing-screen'),
  personalityLanding: () => import('../features/personality/personality-landing-route'),
  personalityType: () => import('../features/personality/type-page-route'),
  personalityTest: () => import('../features/personality/personality-test-route'),
  personalityResult: () => import('../features/personality/personality-result-route'),
  personalityAbout: () => import('../features/personality/personality-about-route'),
  personalityReport: () => import('./routes/personality-report-route'),
  answerStartLoading: () => import('../features/test/start-loading-route'),
  answerStandard: () => import('../features/test/question-route'),
  answerLoading: () => import('../features/test/answer-loading-route'),
  answerEmail: () => import('../features/test/answer-email-route'),
  answerSubmit: () => import('../features/test/answer-submit-route'),
  answerSubmitOld: () => import('../features/test/answer-submit-route'),
  aboutYou: () => import('../features/growth/about-you-route'),
  paying: () => import('../features/plans/plans-route'),
  payingScheme: () => import('./routes/scheme-route'),
  payingPayment: () => import('../features/payment/payment-route'),
  payingCheck: () => import('../features/payment/check-route'),
  payingSuccess: () => import('./routes/success-route'),
  payingFailed: () => import('../features/payment/failed-route'),
  payingSubscribeCheck: () => import('../features/payment/check-route'),
  payingPackage: () => import('../features/extras/package-route'),
  payinsider: () => import('../features/extras/payinsider-route'),
  triplePurchase: () => import('../features/extras/triple-purchase-route'),
  cancelSubscription: () => import('../features/cancel/cancel-route'),
  cancelSuccess: () => import('../features/cancel/cancel-success-route'),
  reportResult: () => import('./routes/report-result-route'),
  reportResultOld: () => import('../features/report/report-result-route'),
  reportRetrieve: () => import('../features/report/retrieve-route'),
  reportWrong: () => import('../features/report/wrong-answers-route'),
  reportDownload: () => import('../features/report/download-route'),
  reportFreeTest: () => import('../features/report/lab-route'),
  reportShare: () => import('./routes/shared-route'),
  certificate: () => import('../features/report/certificate-route'),
  members: () => import('../features/members/members-route'),
  membersPractice: () => import('../features/members/practice-route'),
  membersMemory: () => import('../features/members/memory-route'),
  membersReaction: () => import('../features/members/reaction-route'),
  membersTraining: () => import('../features/members/training-route'),
  membersGuide: () => import('../features/members/guide-route'),
  userLogin: () => import('../features/account/login-route'),
  userRegister: () => import('../features/account/register-route'),
  userForgotPassword: () => import('../features/account/forgot-password-route'),
  userEditPassword: () => import('../features/account/edit-password-route'),
  userInfo: () => import('../features/account/info-route'),
  userSetting: () => import('../features/account/setting-route'),
  console: () => import('../features/console/console-route'),
};

export function isRegistered(key: RouteKey): boolean {
  return SCREENS[key] !== undefined;
}
