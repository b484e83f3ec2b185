import { describe, expect, it } from 'vitest';
import { buildHref, isValidMatch, LANDING_ALIASES, LANDING_VARIANTS, ROUTES, routeName } from './paths';

const allPaths = Object.values(ROUTES).flatMap((r) => [...r.paths]);

describe('route registry', () => {
  it('lists every route and alias of the spec, section 2', () => {
    const spec = [
      '/answer_question/standard/:scope',
      '/answer_question/start_loading/:scope',
      '/answer/email/:scope',
      '/answer/loading/:scope',
      '/answer/submit/:scope',
      '/answer/submit-old/:scope',
      '/question/:scope',
      '/email/:scope',
      '/answer_submit/:scope',
      '/cancel/subscription/:scope',
      '/cancel/success/:scope',
      '/help/:scope',
      '/helpDetail/:scope',
      '/help-detail/:scope',
      '/support/:scope',
      '/',
      '/landing_page/:variant/:scope',
      '/free/:scope',
      '/founder/:scope',
      '/young/:scope',
      '/relaxPage/:scope',
      '/homePage/:scope',
      '/thirdPage/:scope',
      '/newPage/:scope',
      '/girlPage/:scope',
      '/typesPage/:scope',
      '/paying/:scope',
      '/paying/check/:scope',
      '/paying/failed/:scope',
      '/paying/package/:scope',
      '/paying/payment/:scope',
      '/paying/paypage/:scope',
      '/paying/scheme/:scope',
      '/paying/subscribe/check/:scope',
      '/paying/success/:scope',
      '/payinsider/:scope',
      '/triplePurchase/:scope',
      '/payment/:scope',
      '/payPage/:scope',
      '/pay_success/:scope',
      '/pay_failed/:scope',
      '/payCheck/:scope',
      '/pay_package/:scope',
      '/scheme_select/:scope',
      '/report/result-download/:scope',
      '/report/result-free-test/:scope',
      '/report/result/:scope',
      '/report/result-old/:scope',
      '/report/retrieve/:scope',
      '/report/wrong/:scope',
      '/retrieve_report/:scope',
      '/retrieve/:scope',
      '/user/edit-password/:scope',
      '/user/forgot-password/:scope',
      '/user/info/:scope',
      '/user/login/:scope',
      '/user/register/:scope',
      '/user/setting/:scope',
    ];
    for (const path of spec) expect(allPaths, path).toContain(path);
    expect(new Set(allPaths).size).toBe(allPaths.length);
  });

  it('knows the twenty landing variants, their -old forms and the short aliases', () => {
    expect(LANDING_VARIANTS).toHaveLength(24);
    for (const old of ['genius_lab-old', 'girl-old', 'test_center-old', 'yellow_boy-old'])
      expect(LANDING_VARIANTS).toContain(old);
    for (const variant of Object.values(LANDING_ALIASES)) expect(LANDING_VARIANTS).toContain(variant);
  });

  it('names routes like the spec: landing_page-{variant}-code-examId', () => {
    expect(routeName('/landing_page/:variant/:scope', 'matrix')).toBe('landing_page-matrix-code-examId');
    expect(routeName('/answer_question/standard/:scope')).toBe('answer_question-standard-code-examId');
    expect(routeName('/')).toBe('index');
  });

  it('validates the {code}-{examId} scope, the variant and the document kind', () => {
    expect(isValidMatch({ scope: 'IQB-1799' })).toBe(true);
    expect(isValidMatch({ scope: 'MBT-1800' })).toBe(true);
    for (const bad of [
      'XYZ-1799',
      'iqb-1799',
      'IQB',
      'IQB-',
      'IQB-0',
      'IQB-17x9',
      '-1799',
      'IQB-1799-2',
      'IQB-12345678901',
    ]) {
      expect(isValidMatch({ scope: bad }), bad).toBe(false);
    }
    expect(isValidMatch({ scope: 'IQB-1799', variant: 'matrix' })).toBe(true);
    expect(isValidMatch({ scope: 'IQB-1799', variant: 'purple' })).toBe(false);
    expect(isValidMatch({ scope: 'IQB-1799', kind: 'cookies' })).toBe(false);
  });

  it('gives the personality landing its own route for the types variant and alias, and a page per type', () => {
    expect(ROUTES.personalityLanding.paths).toEqual(['/landing_page/types/:scope', '/typesPage/:scope']);
    expect(ROUTES.landing.paths).not.toContain('/typesPage/:scope');
    expect(routeName(ROUTES.personalityLanding.paths[0])).toBe('landing_page-types-code-examId');
    expect(buildHref('personalityType', { type: 'infj', scope: 'IQB-1799' })).toBe('/types/infj/IQB-1799');
    expect(isValidMatch({ type: 'entp', scope: 'IQB-1799' })).toBe(true);
    for (const bad of ['ENTP', 'xntp', 'entpx', ''])
      expect(isValidMatch({ type: bad, scope: 'IQB-1799' }), bad).toBe(false);
  });

  it('builds URLs from the first path of a route', () => {
    expect(buildHref('helpDetail', { scope: 'IQB-1799' }, { id: 3 })).toBe('/helpDetail/IQB-1799?id=3');
    expect(buildHref('protocol', { scope: 'MBT-1800', kind: 'privacy' })).toBe('/protocol/privacy/MBT-1800');
    expect(buildHref('landing', { variant: 'free' })).toBe('/landing_page/free/IQB-1799');
  });
});
