import { type Locale, parseScope } from '@mindgauge/contract';
import { useLayoutEffect } from 'react';
import { type LoaderFunctionArgs, useLocation } from 'react-router';
import { languagesQuery } from '../api/get-languages';
import { socialProofQuery } from '../features/growth/api/get-social-proof';
import { SocialProofSection } from '../features/growth/social-proof-section';
import { IdentityHero } from '../features/landing-identities/identity-hero';
import { IDENTITIES } from '../features/landing-identities/registry';
import { snapshotOf } from '../features/landing-identities/snapshot';
import { startVisitIdentity, variantOfPath } from '../features/landing-identities/visit-identity';
import { prefetchTestLanding, TestLanding, loader as testLandingLoader } from '../features/test/landing-route';
import { ensureLandingScreenNamespaces } from '../i18n/i18n';
import type { ScreenContext } from './screens';
import { useScope } from './use-scope';

/**
 * The landing screen: the test landing's content in the identity of its variant (spec section 2). One
 * component for every variant; the registry says how each looks and what it stresses. The `types` variant
 * is the personality landing, built by its own feature: here it keeps the plain test landing.
 */
export async function loader(args: LoaderFunctionArgs, ctx: ScreenContext) {
  await Promise.all([testLandingLoader(args, ctx), ensureLandingScreenNamespaces()]);
  return null;
}

/** Before hydrating a prerendered landing: every query its parts and its header read (ScreenModule.prefetch). */
export function prefetch(
  params: Record<string, string | undefined>,
  { queryClient, locale }: ScreenContext & { locale: Locale },
) {
  const scope = parseScope(params.scope);
  if (!scope) return;
  prefetchTestLanding(queryClient, scope.examId, locale);
  void queryClient.prefetchQuery(socialProofQuery(scope.examId));
  void queryClient.prefetchQuery(languagesQuery(scope.examId));
}

export function Component() {
  const { pathname } = useLocation();
  const scope = useScope();
  const variant = variantOfPath(pathname);
  // Before paint: the page never shows one variant's text in another's colours.
  useLayoutEffect(() => {
    if (variant) startVisitIdentity(snapshotOf(IDENTITIES[variant]));
  }, [variant]);
  const identity = variant ? IDENTITIES[variant] : null;
  const proof = <SocialProofSection examId={scope.examId} />;
  if (identity?.kind !== 'iq') return <TestLanding proof={proof} />;
  return <TestLanding proof={proof} hero={(cta) => <IdentityHero identity={identity} cta={cta} />} />;
}
