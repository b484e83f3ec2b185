import { APP_CODES, DEFAULT_APP_CODE, DEFAULT_EXAM_ID } from './constants';
import { formatScope, parseScope } from './scope';

/**
 * The typed route registry, shared by the web app (its router) and the server (e-mail links, processors'
 * return addresses): every route path and alias of the spec (section 2), and the only place page URLs
 * are built. A route is served only when its screen is registered (the web's app/screens.ts); every other path shows the
 * 404 page. Paths end in `:scope`, the `{code}-{examId}` pair.
 */
export const LANDING_VARIANTS = [
  'founder',
  'free',
  'genius_lab',
  'girl',
  'home',
  'matrix',
  'new_boy',
  'new_computer',
  'new_genius',
  'new_girl',
  'new_page',
  'new',
  'relax',
  'test_center',
  'third',
  'types',
  'yellow_boy',
  'yellow_computer',
  'yellow_girl',
  'young',
  'genius_lab-old',
  'girl-old',
  'test_center-old',
  'yellow_boy-old',
] as const;
export type LandingVariant = (typeof LANDING_VARIANTS)[number];

/** A landing variant of the registry, or '' (none) for anything else: a visitor's claim is never trusted further. */
export function knownLandingVariant(value: unknown): LandingVariant | '' {
  return (LANDING_VARIANTS as readonly unknown[]).includes(value) ? (value as LandingVariant) : '';
}

/** Short landing aliases and the variant each one shows. */
export const LANDING_ALIASES: Record<string, LandingVariant> = {
  '/free/:scope': 'free',
  '/founder/:scope': 'founder',
  '/young/:scope': 'young',
  '/relaxPage/:scope': 'relax',
  '/homePage/:scope': 'home',
  '/thirdPage/:scope': 'third',
  '/newPage/:scope': 'new_page',
  '/girlPage/:scope': 'girl',
  '/typesPage/:scope': 'types',
};

export const PROTOCOL_KINDS = ['terms', 'privacy'] as const;

/** The landing variant that shows the personality landing rather than the IQ one. */
export const PERSONALITY_VARIANT = 'types' satisfies LandingVariant;
const personalityAliases = Object.keys(LANDING_ALIASES).filter((p) => LANDING_ALIASES[p] === PERSONALITY_VARIANT);
const iqAliases = Object.keys(LANDING_ALIASES).filter((p) => LANDING_ALIASES[p] !== PERSONALITY_VARIANT);

/** The sixteen types of the personality test, as they appear in type page URLs (lower case). */
export const PERSONALITY_TYPES = [
  'istj',
  'isfj',
  'estj',
  'esfj',
  'istp',
  'isfp',
  'estp',
  'esfp',
  'intj',
  'intp',
  'entj',
  'entp',
  'infj',
  'infp',
  'enfj',
  'enfp',
] as const;
export type PersonalityTypeSlug = (typeof PERSONALITY_TYPES)[number];

export const ROUTES = {
  home: { paths: ['/'], group: 'home' },
  // Before `landing`: its static `types` segment outranks `:variant`, and preloadScreen takes the first match.
  personalityLanding: {
    paths: [`/landing_page/${PERSONALITY_VARIANT}/:scope`, ...personalityAliases],
    group: 'personality',
  },
  landing: { paths: ['/landing_page/:variant/:scope', ...iqAliases], group: 'landing' },
  // Not in the spec's list: a shareable page per personality type.
  personalityType: { paths: ['/types/:type/:scope'], group: 'personality' },
  // Not in the spec's list: the personality questionnaire, its free result, and how reliable it is.
  personalityTest: { paths: ['/personality/test/:scope'], group: 'personality' },
  personalityResult: { paths: ['/personality/result/:scope'], group: 'personality' },
  personalityAbout: { paths: ['/personality/about/:scope'], group: 'personality' },
  // The paid personality profile of an order (`?order=`), as `reportResult` is the IQ report.
  personalityReport: { paths: ['/personality/report/:scope'], group: 'personality' },

  answerStartLoading: { paths: ['/answer_question/start_loading/:scope'], group: 'answer' },
  answerStandard: { paths: ['/answer_question/standard/:scope', '/question/:scope'], group: 'answer' },
  answerEmail: { paths: ['/answer/email/:scope', '/email/:scope'], group: 'answer' },
  answerLoading: { paths: ['/answer/loading/:scope'], group: 'answer' },
  answerSubmit: { paths: ['/answer/submit/:scope', '/answer_submit/:scope'], group: 'answer' },
  answerSubmitOld: { paths: ['/answer/submit-old/:scope'], group: 'answer' },
  // The spec's form screen (first and last name, e-mail, birth year, gender, country): after the result e-mail.
  aboutYou: { paths: ['/answer/about-you/:scope'], group: 'answer' },

  cancelSubscription: { paths: ['/cancel/subscription/:scope'], group: 'subscription' },
  cancelSuccess: { paths: ['/cancel/success/:scope'], group: 'subscription' },

  help: { paths: ['/help/:scope'], group: 'help' },
  helpDetail: { paths: ['/helpDetail/:scope', '/help-detail/:scope'], group: 'help' },
  support: { paths: ['/support/:scope'], group: 'help' },
  protocol: { paths: ['/protocol/:kind/:scope'], group: 'help' },

  paying: { paths: ['/paying/:scope'], group: 'payment' },
  payingCheck: { paths: ['/paying/check/:scope', '/payCheck/:scope'], group: 'payment' },
  payingFailed: { paths: ['/paying/failed/:scope', '/pay_failed/:scope'], group: 'payment' },
  payingPackage: { paths: ['/paying/package/:scope', '/pay_package/:scope'], group: 'payment' },
  payingPayment: {
    paths: ['/paying/payment/:scope', '/payment/:scope', '/payPage/:scope', '/paying/paypage/:scope'],
    group: 'payment',
  },
  payingScheme: { paths: ['/paying/scheme/:scope', '/scheme_select/:scope'], group: 'payment' },
  payingSubscribeCheck: { paths: ['/paying/subscribe/check/:scope'], group: 'payment' },
  payingSuccess: { paths: ['/paying/success/:scope', '/pay_success/:scope'], group: 'payment' },
  payinsider: { paths: ['/payinsider/:scope'], group: 'payment' },
  triplePurchase: { paths: ['/triplePurchase/:scope'], group: 'payment' },

  // The spec's `/report` alias is the parent of `/report/result/{code}-{examId}`: the same path.
  reportResult: { paths: ['/report/result/:scope'], group: 'report' },
  reportResultOld: { paths: ['/report/result-old/:scope'], group: 'report' },
  reportDownload: { paths: ['/report/result-download/:scope'], group: 'report' },
  reportFreeTest: { paths: ['/report/result-free-test/:scope'], group: 'report' },
  reportRetrieve: {
    paths: ['/report/retrieve/:scope', '/retrieve_report/:scope', '/retrieve/:scope'],
    group: 'report',
  },
  reportWrong: { paths: ['/report/wrong/:scope'], group: 'report' },
  // Not in the spec's list: the page a share link opens, and a certificate's verification page.
  reportShare: { paths: ['/report/share/:scope'], group: 'report' },
  certificate: { paths: ['/certificate/:scope'], group: 'report' },

  // Not in the spec's list (issue 18): the members' area (three free tests, the weekly training) and the
  // brain-training guide. The spec's `/report/result-free-test/…` is the paid report's psychology lab.
  members: { paths: ['/members/:scope'], group: 'members' },
  membersPractice: { paths: ['/members/practice/:scope'], group: 'members' },
  membersMemory: { paths: ['/members/memory/:scope'], group: 'members' },
  membersReaction: { paths: ['/members/reaction/:scope'], group: 'members' },
  membersTraining: { paths: ['/members/training/:scope'], group: 'members' },
  membersGuide: { paths: ['/members/guide/:scope'], group: 'members' },

  userEditPassword: { paths: ['/user/edit-password/:scope'], group: 'user' },
  userForgotPassword: { paths: ['/user/forgot-password/:scope'], group: 'user' },
  userInfo: { paths: ['/user/info/:scope'], group: 'user' },
  userLogin: { paths: ['/user/login/:scope'], group: 'user' },
  userRegister: { paths: ['/user/register/:scope'], group: 'user' },
  userSetting: { paths: ['/user/setting/:scope'], group: 'user' },

  // Not in the spec: the operator's console (issue 21), loaded on its own chunk.
  console: { paths: ['/console/:scope'], group: 'console' },
} as const satisfies Record<string, { paths: readonly string[]; group: string }>;

export type RouteKey = keyof typeof ROUTES;

/** The spec's route name of a path: `/answer_question/standard/:scope` → `answer_question-standard-code-examId`. */
export function routeName(path: string, variant?: string): string {
  if (path === '/') return 'index';
  return path
    .slice(1)
    .replace(':variant', variant ?? 'variant')
    .replace(':scope', 'code-examId')
    .replace(/:kind/, 'kind')
    .replace(/:type/, 'type')
    .split('/')
    .join('-');
}

export interface RouteParams {
  scope?: string;
  variant?: LandingVariant;
  kind?: (typeof PROTOCOL_KINDS)[number];
  type?: PersonalityTypeSlug;
}

/** Does a matched URL satisfy its route's validation (scope shape and app code, known variant or document kind)? */
export function isValidMatch(params: Record<string, string | undefined>): boolean {
  if ('scope' in params) {
    const scope = parseScope(params.scope);
    if (!scope || !APP_CODES.includes(scope.code)) return false;
  }
  if ('variant' in params && !(LANDING_VARIANTS as readonly string[]).includes(params.variant ?? '')) return false;
  if ('kind' in params && !(PROTOCOL_KINDS as readonly string[]).includes(params.kind ?? '')) return false;
  if ('type' in params && !(PERSONALITY_TYPES as readonly string[]).includes(params.type ?? '')) return false;
  return true;
}

export const DEFAULT_SCOPE = formatScope({ code: DEFAULT_APP_CODE, examId: DEFAULT_EXAM_ID });

/** Builds the URL of a route (its first path), with the given query. */
export function buildHref(
  key: RouteKey,
  params: RouteParams = {},
  query: Record<string, string | number> = {},
): string {
  const path = ROUTES[key].paths[0]
    .replace(':scope', params.scope ?? DEFAULT_SCOPE)
    .replace(':variant', params.variant ?? 'test_center')
    .replace(':kind', params.kind ?? 'terms')
    .replace(':type', params.type ?? 'istj');
  const qs = new URLSearchParams(Object.entries(query).map(([k, v]): [string, string] => [k, String(v)])).toString();
  return qs ? `${path}?${qs}` : path;
}

/** A path's segments, without empty ones (a trailing slash matches, as in the web's router). */
function segmentsOf(pathname: string): string[] {
  return pathname.split('/').filter((s) => s !== '');
}

/** One route path's parameters for a URL path, or null when it does not match. */
function matchPath(path: string, wanted: string[]): Record<string, string> | null {
  const pattern = segmentsOf(path);
  if (pattern.length !== wanted.length) return null;
  const params: Record<string, string> = {};
  for (const [i, seg] of pattern.entries()) {
    const value = wanted[i] ?? '';
    if (!seg.startsWith(':')) {
      if (seg.toLowerCase() !== value.toLowerCase()) return null;
      continue;
    }
    try {
      params[seg.slice(1)] = decodeURIComponent(value);
    } catch {
      return null;
    }
  }
  return params;
}

/**
 * The route a URL path names and its parameters, or null: the same matching as the web's router (static
 * segments case-insensitive, `:name` one whole segment, decoded), so the server can answer an unknown page
 * with HTTP 404 while the web shows its not-found screen. A match that passes validation wins over one that
 * does not (ROUTES lists static segments, like `/landing_page/types/…`, before `:variant`).
 */
export function matchRoute(pathname: string): { key: RouteKey; params: Record<string, string>; valid: boolean } | null {
  const wanted = segmentsOf(pathname);
  let first: { key: RouteKey; params: Record<string, string>; valid: boolean } | null = null;
  for (const key of Object.keys(ROUTES) as RouteKey[]) {
    for (const path of ROUTES[key].paths) {
      const params = matchPath(path, wanted);
      if (!params) continue;
      if (isValidMatch(params)) return { key, params, valid: true };
      first ??= { key, params, valid: false };
    }
  }
  return first;
}

/** Is this URL path a page that exists: a known route whose parameters pass validation? Pure, for the server. */
export function isKnownPage(pathname: string): boolean {
  return matchRoute(pathname)?.valid === true;
}
