/**
 * The error catalogue. Each code has a business `result` (never 200), an HTTP status, and a message key in
 * the `errors` namespace of @mindgauge/locales. Codes are stable: clients switch on them.
 */
export const ERRORS = {
  VALIDATION_FAILED: { result: 40001, status: 400 },
  MALFORMED_JSON: { result: 40002, status: 400 },
  UNSUPPORTED_LANGUAGE: { result: 40003, status: 400 },
  REPORT_LOCKED: { result: 40201, status: 402 },
  REPORT_ACCESS_DENIED: { result: 40301, status: 403 },
  NOT_IN_TIER: { result: 40302, status: 403 },
  TRAINING_LOCKED: { result: 40310, status: 403 },
  NOT_FOUND: { result: 40400, status: 404 },
  EXAM_NOT_FOUND: { result: 40401, status: 404 },
  ARTICLE_NOT_FOUND: { result: 40402, status: 404 },
  PROTOCOL_NOT_FOUND: { result: 40403, status: 404 },
  NO_RETRIEVABLE_REPORTS: { result: 10101, status: 404 },
  SUBSCRIPTION_EMAIL_NOT_FOUND: { result: 10201, status: 404 },
  SUBSCRIPTION_NOT_FOUND: { result: 40408, status: 404 },
  PLAN_NOT_FOUND: { result: 40409, status: 404 },
  CANCEL_LINK_INVALID: { result: 40303, status: 403 },
  ORDER_ACCESS_DENIED: { result: 40304, status: 403 },
  EMAIL_CHANGE_LINK_INVALID: { result: 40305, status: 403 },
  ONE_CLICK_NOT_ALLOWED: { result: 40306, status: 403 },
  SESSION_NOT_FOUND: { result: 40404, status: 404 },
  ORDER_NOT_FOUND: { result: 40405, status: 404 },
  SKU_NOT_FOUND: { result: 40406, status: 404 },
  PAYMENT_NOT_FOUND: { result: 40407, status: 404 },
  PROMO_INVALID: { result: 40005, status: 400 },
  PROMO_EXPIRED: { result: 40006, status: 400 },
  PAYMENT_METHOD_UNAVAILABLE: { result: 40007, status: 400 },
  WEBHOOK_SIGNATURE_INVALID: { result: 40008, status: 400 },
  PRICE_CHANGED: { result: 40904, status: 409 },
  ORDER_ALREADY_PAID: { result: 40905, status: 409 },
  PAYMENT_IN_PROGRESS: { result: 40906, status: 409 },
  PACKAGE_OWNED: { result: 40907, status: 409 },
  REVIEW_EXISTS: { result: 40912, status: 409 },
  TRIAL_NOT_ACTIVE: { result: 40908, status: 409 },
  GIFT_CODE_USED: { result: 40909, status: 409 },
  GIFT_CODE_INVALID: { result: 40410, status: 404 },
  CERTIFICATE_NOT_FOUND: { result: 40411, status: 404 },
  SHARE_NOT_FOUND: { result: 40412, status: 404 },
  NOT_SIGNED_IN: { result: 40101, status: 401 },
  LOGIN_FAILED: { result: 40102, status: 401 },
  PASSWORD_WRONG: { result: 40307, status: 403 },
  CROSS_SITE_REQUEST: { result: 40308, status: 403 },
  SIGNIN_LINK_INVALID: { result: 40309, status: 403 },
  CODE_INVALID: { result: 40009, status: 400 },
  PASSWORD_TOO_SHORT: { result: 40010, status: 400 },
  PASSWORD_TOO_LONG: { result: 40011, status: 400 },
  PASSWORD_TOO_COMMON: { result: 40012, status: 400 },
  BIRTHDAY_INVALID: { result: 40013, status: 400 },
  NOT_OPERATOR: { result: 40321, status: 403 },
  SECOND_FACTOR_REQUIRED: { result: 40322, status: 403 },
  TOTP_INVALID: { result: 40021, status: 400 },
  PROMO_CODE_FORMAT: { result: 40022, status: 400 },
  PROMO_CODE_TAKEN: { result: 40921, status: 409 },
  PRICE_MINOR_UNITS: { result: 40023, status: 400 },
  OFFER_ABOVE_LIST: { result: 40024, status: 400 },
  TRIAL_ABOVE_PRICE: { result: 40041, status: 400 },
  PLAN_TRIAL_FIXED: { result: 40042, status: 400 },
  PRICE_NOT_FOUND: { result: 40423, status: 404 },
  NOT_REFUNDABLE: { result: 40922, status: 409 },
  TICKET_NOT_FOUND: { result: 40421, status: 404 },
  MAIL_NOT_FOUND: { result: 40422, status: 404 },
  PAYMENT_PROVIDER_ERROR: { result: 50201, status: 502 },
  UNKNOWN_ITEM: { result: 40004, status: 400 },
  CHOICE_OUT_OF_RANGE: { result: 40014, status: 400 },
  SESSION_LOCKED: { result: 40901, status: 409 },
  TIME_UP: { result: 40902, status: 409 },
  NOT_CONFIRMED: { result: 40903, status: 409 },
  PART_FINISHED: { result: 40910, status: 409 },
  ANSWERS_INCOMPLETE: { result: 40911, status: 409 },
  PAYLOAD_TOO_LARGE: { result: 41300, status: 413 },
  UNSUPPORTED_MEDIA_TYPE: { result: 41500, status: 415 },
  RATE_LIMITED: { result: 42900, status: 429 },
  INTERNAL: { result: 50000, status: 500 },
  SERVICE_UNAVAILABLE: { result: 50300, status: 503 },
} as const satisfies Record<string, { result: number; status: number }>;

export type ErrorCode = keyof typeof ERRORS;
export const ERROR_CODES = Object.keys(ERRORS) as ErrorCode[];

/** The `errors` namespace key of a code's translated message. */
export function errorMessageKey(code: ErrorCode): `errors:${ErrorCode}` {
  return `errors:${code}`;
}

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && value in ERRORS;
}
