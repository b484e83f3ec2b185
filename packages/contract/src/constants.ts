/** Business and client constants of the spec (section 9), shared by web and server. */
export const DEFAULT_APP_CODE = 'IQB';
export const DEFAULT_EXAM_ID = 1799;
export const PERSONALITY_EXAM_ID = 1800;
export const PERSONALITY_APP_CODE = 'MBT';

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
