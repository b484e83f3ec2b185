import { defineEndpoint } from '../endpoint';
import { ZLanguageTag } from '../fields';
import { describe, z } from '../zod';
import { ZOrderNumber, ZReportToken } from './exam';
import { ZPersonalityAxis, ZPersonalityAxisId, ZPersonalityResult } from './personality';

/** One of the reader's own answers, quoted: the statement and the answer given, both in the profile's language. */
export const ZQuotedAnswer = z.object({
  statement: z.string(),
  answer: describe(z.string(), 'The agreement given, e.g. "Strongly agree"'),
});
export type TQuotedAnswer = z.infer<typeof ZQuotedAnswer>;

/** One axis of the paid profile: the free result's figures and what the visitor's side of it means. */
export const ZProfileAxis = z.extend(ZPersonalityAxis, {
  leanPercent: describe(z.int(), "Share toward the letter's own pole (50..100)"),
  meaning: describe(z.string(), 'What the letter means, and how far the answers lean to it, for the reader'),
  toward: describe(
    z.array(ZQuotedAnswer).check(z.maxLength(3)),
    "The reader's answers that pulled most toward this letter, strongest first",
  ),
  against: describe(
    z.array(ZQuotedAnswer).check(z.maxLength(2)),
    "The reader's answers that pulled most toward the other letter (empty when none did)",
  ),
});
export type TProfileAxis = z.infer<typeof ZProfileAxis>;

/**
 * The paid personality profile, at the tier bought: `profile` gives the axes explained, strengths and blind
 * spots; `profileDepth` adds work, relationships and growth (null below it); `pdfReport` the PDF.
 */
export const ZPersonalityProfile = z.object({
  orderNumber: z.string(),
  examId: z.int(),
  skuId: z.string(),
  tierTitle: z.string(),
  locale: z.string(),
  type: ZPersonalityResult.shape.type,
  name: z.string(),
  portrait: z.string(),
  intro: describe(z.string(), 'A sentence for the reader on what the profile is'),
  axes: z.array(ZProfileAxis).check(z.length(4)),
  nearest: describe(
    z.object({
      type: ZPersonalityResult.shape.type,
      name: z.string(),
      axis: ZPersonalityAxisId,
      text: describe(z.string(), 'Which axis was closest to its cut, and what the type would be with its other letter'),
    }),
    'The type one letter away on the axis the answers placed closest to the middle',
  ),
  strengths: z.string(),
  blindSpots: z.string(),
  work: z.nullable(z.string()),
  relationships: z.nullable(z.string()),
  growth: z.nullable(z.string()),
  pdf: describe(z.boolean(), 'Whether the tier includes the PDF'),
});
export type TPersonalityProfile = z.infer<typeof ZPersonalityProfile>;

export const personalityProfile = defineEndpoint({
  id: 'personalityProfile',
  method: 'GET',
  base: 'api',
  path: '/exam/personality/profile/:orderNumber',
  summary:
    "A paid personality order's full profile, at the tier bought: for the browser that took the test (its cookie), an e-mailed link's token or the owning account. Unpaid: 402; not a personality order: 404",
  tags: ['exam'],
  params: z.object({ orderNumber: ZOrderNumber }),
  query: z.object({
    token: ZReportToken,
    hl: describe(z.optional(ZLanguageTag), "The profile's language; the order's language when absent"),
  }),
  response: ZPersonalityProfile,
});
