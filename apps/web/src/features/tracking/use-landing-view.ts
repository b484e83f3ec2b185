import { useEffect } from 'react';
import { matchPath, useLocation } from 'react-router';
import { ROUTES } from '../../app/paths';
import { trackAdEvent } from '../../lib/ad-pixels/ad-pixels';

const LANDING_PATHS = [...ROUTES.landing.paths, ...ROUTES.personalityLanding.paths];

/** View-content fires on every landing page (all variants and their short aliases), once per visit to it. */
export function useLandingViewEvent(): void {
  const { pathname } = useLocation();
  useEffect(() => {
    if (LANDING_PATHS.some((p) => matchPath(p, pathname))) void trackAdEvent('view-content');
  }, [pathname]);
}
