/** Business and client constants of the spec (section 9), shared by web and server. */
export const DEFAULT_APP_CODE = 'IQB';
export const DEFAULT_EXAM_ID = 1799;
export const PERSONALITY_EXAM_ID = 1800;
export const PERSONALITY_APP_CODE = 'MBT';
/** The app codes pages are scoped to (`{code}-{examId}`): any other code is an unknown page (HTTP 404). */
export const APP_CODES: readonly string[] = [DEFAULT_APP_CODE, PERSONALITY_APP_CODE];

export const HTTP_TIMEOUT_MS = 30_000;
export const STORAGE_PREFIX = 'IQ-';
export const TOKEN_NAME = 'IQ-token';
export const STORAGE_TTL_DAYS = 365;
export const LOCALE_COOKIE = 'IQ-locale';
export const LOCALE_COOKIE_DAYS = 365;
export const RELOAD_GUARD_MS = 10_000;
export const CONSENT_WAIT_MS = 500;
export const LOADING_THROTTLE_MS = 200;
export const LOADING_DURATION_MS = 2_000;
export const SECOND_PHASE_COUNTRY = 'US';
export const APP_VERSION = '1.0.0';

/** Query parameters that survive every navigation (ad attribution and language). */
export const KEPT_QUERY_PARAMS = [
  'hl',
  'logid',
  'fbclid',
  'gclid',
  'click_id',
  'pixel_id',
  'ttclid',
  'tt_test_id',
  'ScCid',
  'MSCLKID',
  'epik',
] as const;

/** The shared request headers of section 7. Lower case: HTTP/2 and Fastify normalise header names. */
export const SHARED_HEADERS = {
  logid: 'logid',
  appVersion: 'app-version',
  examAppId: 'exam-app-id',
  language: 'language',
  uid: 'uid',
  appLanguage: 'app-language',
} as const;

/** Bounds shared by the client's forms and the server's validation. */
export const LIMITS = {
  emailMax: 254,
  nameMax: 80,
  supportMessageMin: 10,
  supportMessageMax: 4000,
  urlMax: 2048,
  bodyBytesMax: 64 * 1024,
} as const;

/**
 * The ad providers whose pixels an operator may configure (each off unless its id is set), and the
 * click identifier that says a visitor came from that provider's ad (section 3: fbclid, ttclid/tt_test_id,
 * gclid, ScCid, MSCLKID, epik). `pixel_id` + `click_id` also count, for the provider whose pixel id it names.
 */
export const AD_PROVIDERS = ['meta', 'tiktok', 'googleAds', 'snapchat', 'microsoft', 'pinterest'] as const;
export type AdProvider = (typeof AD_PROVIDERS)[number];
export const AD_CLICK_PARAMS: Record<AdProvider, readonly string[]> = {
  meta: ['fbclid'],
  tiktok: ['ttclid', 'tt_test_id'],
  googleAds: ['gclid'],
  snapchat: ['ScCid'],
  microsoft: ['MSCLKID'],
  pinterest: ['epik'],
};

/**
 * The per-page numbers of the spec's section 9. The spec gives them with no meaning ("Their meaning: not
 * shown"), so nothing reads them: they are kept here, in one place, for whoever learns what they are for
 * (a guess such as a scroll offset or a content id would be an invented behaviour).
 */
export const PAGE_CONSTANTS = {
  'answer_question-standard': 45,
  scheme_select: 72,
  payinsider: 72,
  'report-result': 56,
  'report-additional': 56,
} as const;
