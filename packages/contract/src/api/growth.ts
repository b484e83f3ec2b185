import { LIMITS } from '../constants';
import { defineEndpoint } from '../endpoint';
import { ZEmail, ZIsoDateTime, ZLanguageTag } from '../fields';
import { ZExamIdParam } from '../scope';
import { describe, z } from '../zod';
import { ZGender } from './accounts';
import { ZLogid } from './app';
import { ZOrderNumber, ZReportToken } from './exam';

/** Issue 20: the "about you" form, social proof from the platform's own records, buyer reviews. */
const tags = ['growth'];

/** The spec's name rule ("Please input name"), trimmed, at most LIMITS.nameMax characters, no markup. */
const ZPersonName = z
  .string()
  .check(
    z.trim(),
    z.minLength(1, 'Please input name'),
    z.maxLength(LIMITS.nameMax),
    z.regex(/^[^<>\p{Cc}]*$/u, 'invalid name'),
  );

/** The earliest birth year the form takes; the latest is checked by the server against its clock. */
export const BIRTH_YEAR_MIN = 1900;

export const ZProfileRequest = z.object({
  orderNumber: describe(ZOrderNumber, "The scored test's order; only the browser that took the test may fill its form"),
  firstName: ZPersonName,
  lastName: ZPersonName,
  email: ZEmail,
  birthYear: z.optional(z.int().check(z.minimum(BIRTH_YEAR_MIN), z.maximum(2100))),
  gender: z.optional(ZGender),
  country: z.optional(describe(z.string().check(z.regex(/^[A-Z]{2}$/, 'invalid country')), 'ISO 3166 alpha-2')),
  normsConsent: describe(
    z.boolean(),
    'Whether birth year, gender and country may be kept to build norms by age group and country; without it they are not stored',
  ),
});
export type TProfileRequest = z.input<typeof ZProfileRequest>;

export const saveProfile = defineEndpoint({
  id: 'saveProfile',
  method: 'POST',
  base: 'api',
  path: '/exam/session/profile',
  summary:
    'The optional "about you" form of a scored test: the name (for the certificate), and with consent birth year, gender and country',
  tags,
  body: ZProfileRequest,
  response: z.object({
    saved: z.literal(true),
    keptForNorms: describe(z.boolean(), 'Whether birth year, gender and country were stored'),
    certificateName: describe(z.nullable(z.string()), 'The name the certificate carries (the first one given stays)'),
  }),
});

export const ZRecentCompletion = z.object({
  initial: describe(z.nullable(z.string()), "The first name's initial, when the taker gave one"),
  country: z.nullable(z.string()),
  minutesAgo: z.int(),
});
export type TRecentCompletion = z.infer<typeof ZRecentCompletion>;

export const ZSocialProof = z.object({
  counters: z.object({
    lastWeek: describe(z.int(), 'Scored sessions in the last 7 days'),
    last30Days: describe(z.int(), 'Scored sessions in the last 30 days'),
    allTime: z.int(),
  }),
  recent: describe(
    z.array(ZRecentCompletion),
    'Real completions of the last hours; empty when fewer than the privacy minimum finished in that time',
  ),
  claims: z.object({
    testedAtLeast: describe(z.nullable(z.int()), 'A round number at or below all-time completions; null when small'),
    countries: describe(z.nullable(z.int()), 'Countries test takers came from; null when few'),
  }),
  asOf: ZIsoDateTime,
});
export type TSocialProof = z.infer<typeof ZSocialProof>;

export const socialProof = defineEndpoint({
  id: 'socialProof',
  method: 'GET',
  base: 'api',
  path: '/exam/social-proof/:examId',
  summary: "Counters, recent-activity notices and claim figures, computed from the platform's own records (cached)",
  tags,
  params: z.object({ examId: ZExamIdParam }),
  response: ZSocialProof,
});

export const REVIEW_RULES = { contentMin: 10, contentMax: 2000 } as const;

export const ZReviewRequest = z.object({
  orderNumber: ZOrderNumber,
  token: ZReportToken,
  rating: z.int().check(z.minimum(1), z.maximum(5)),
  content: z.string().check(z.trim(), z.minLength(REVIEW_RULES.contentMin), z.maxLength(REVIEW_RULES.contentMax)),
  hl: ZLanguageTag,
});
export type TReviewRequest = z.input<typeof ZReviewRequest>;

export const submitReview = defineEndpoint({
  id: 'submitReview',
  method: 'POST',
  base: 'api',
  path: '/exam/review/submit',
  summary: "A buyer's rating and text about their paid report, held for moderation (one per order, rate limited)",
  tags,
  body: ZReviewRequest,
  response: z.object({ status: z.enum(['pending', 'approved', 'rejected']) }),
});

/** A click identifier's value as the ad networks write it (URL-safe characters, bounded). */
const ZClickId = z.string().check(z.minLength(1), z.maxLength(512), z.regex(/^[A-Za-z0-9._~:-]+$/, 'invalid click id'));

export const ZAttributionRequest = z.object({
  orderNumber: ZOrderNumber,
  logid: ZLogid,
  clickIds: describe(
    z.object({
      fbclid: z.optional(ZClickId),
      ttclid: z.optional(ZClickId),
      tt_test_id: z.optional(ZClickId),
      gclid: z.optional(ZClickId),
      ScCid: z.optional(ZClickId),
      MSCLKID: z.optional(ZClickId),
      epik: z.optional(ZClickId),
    }),
    'The click identifiers the visit carries (URL or storage)',
  ),
  pageUrl: z.optional(z.string().check(z.maxLength(LIMITS.urlMax), z.regex(/^https?:\/\//, 'invalid url'))),
});
export type TAttributionRequest = z.input<typeof ZAttributionRequest>;

export const recordAttribution = defineEndpoint({
  id: 'recordAttribution',
  method: 'POST',
  base: 'api',
  path: '/exam/order/attribution',
  summary:
    "The buyer's browser, with ad consent given, names its log id and click identifiers so that a purchase can also be sent from the server (same event id)",
  tags,
  body: ZAttributionRequest,
  response: z.object({ recorded: z.boolean() }),
});
