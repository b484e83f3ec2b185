import { describe, expect, it } from 'vitest';
import { isKnownPage, matchRoute } from './paths';

describe('matching a URL path against the route registry', () => {
  it('finds the route and its parameters, like the web router', () => {
    expect(matchRoute('/help/IQB-1799')).toEqual({ key: 'help', params: { scope: 'IQB-1799' }, valid: true });
    expect(matchRoute('/landing_page/types/MBT-1800')?.key).toBe('personalityLanding');
    expect(matchRoute('/landing_page/matrix/IQB-1799')).toEqual({
      key: 'landing',
      params: { variant: 'matrix', scope: 'IQB-1799' },
      valid: true,
    });
    expect(matchRoute('/Retrieve/IQB-1799/')?.key).toBe('reportRetrieve');
    expect(matchRoute('/')?.key).toBe('home');
    expect(matchRoute('/nope/IQB-1799')).toBeNull();
    expect(matchRoute('/help')).toBeNull();
  });

  it('knows a page only when its scope (with a known app code), variant, kind and type pass', () => {
    expect(isKnownPage('/help/IQB-1799')).toBe(true);
    expect(isKnownPage('/help/MBT-1800')).toBe(true);
    expect(isKnownPage('/help/XYZ-1799')).toBe(false);
    expect(isKnownPage('/help/iqb-1799')).toBe(false);
    expect(isKnownPage('/help/IQB-%ZZ')).toBe(false);
    expect(isKnownPage('/landing_page/purple/IQB-1799')).toBe(false);
    expect(isKnownPage('/protocol/cookies/IQB-1799')).toBe(false);
    expect(isKnownPage('/types/entp/MBT-1800')).toBe(true);
    expect(isKnownPage('/types/xntp/MBT-1800')).toBe(false);
  });
});
