import { defineEndpoint } from '../endpoint';
import { ZIsoDateTime, ZLanguageTag } from '../fields';
import { TYPE_FAMILIES } from '../type-emblem';
import { describe, z } from '../zod';
import { ZOrderNumber, ZPublicId, ZReportQuery, ZReportToken } from './exam';
import { ZPersonalityAxisId, ZPersonalityResult } from './personality';

const tags = ['share'];

export const ZShareLink = z.object({
  shareId: ZPublicId,
  url: z.string(),
  imageUrl: describe(z.string(), 'The Open Graph image of the shared page (PNG, 1200 × 630)'),
  showScore: describe(
    z.boolean(),
    'Whether the page shows the IQ score (else only the test and the class); for a personality profile, how far the answers lean on each axis (else only the type)',
  ),
  createdAt: ZIsoDateTime,
});
export type TShareLink = z.infer<typeof ZShareLink>;

export const createShare = defineEndpoint({
  id: 'createShare',
  method: 'POST',
  base: 'api',
  path: '/exam/order/info/share',
  summary:
    "Creates a link to show a paid result: the test and the class (the personality type), the score (the axes' leans) only if the owner opts in",
  tags,
  body: z.object({ orderNumber: ZOrderNumber, token: ZReportToken, showScore: z.boolean(), hl: ZLanguageTag }),
  response: ZShareLink,
});

export const shareList = defineEndpoint({
  id: 'shareList',
  method: 'GET',
  base: 'api',
  path: '/exam/order/info/share/list/:orderNumber',
  summary: "The owner's share links that still work",
  tags,
  params: z.object({ orderNumber: ZOrderNumber }),
  query: ZReportQuery,
  response: z.object({ links: z.array(ZShareLink) }),
});

export const revokeShare = defineEndpoint({
  id: 'revokeShare',
  method: 'POST',
  base: 'api',
  path: '/exam/order/info/share/revoke',
  summary: 'Stops a share link: its page and image answer 404 from now on',
  tags,
  body: z.object({ orderNumber: ZOrderNumber, token: ZReportToken, shareId: ZPublicId }),
  response: z.object({ revoked: z.literal(true) }),
});

/** One axis of a shared personality type, when its owner chose to show the leans: the side and how far. */
export const ZSharedAxis = z.object({
  axis: ZPersonalityAxisId,
  letter: z.string().check(z.length(1)),
  leanPercent: describe(z.int(), "Share toward the letter's own pole (50..100)"),
  borderline: z.boolean(),
});

/** What a personality share shows: the type, its family, and the axes' leans only if the owner chose so. */
export const ZSharedType = z.object({
  type: ZPersonalityResult.shape.type,
  name: z.string(),
  portrait: z.string(),
  family: z.enum(TYPE_FAMILIES),
  familyName: z.string(),
  axes: describe(z.nullable(z.array(ZSharedAxis)), "The axes' leans; null unless the owner chose to show them"),
});
export type TSharedType = z.infer<typeof ZSharedType>;

export const ZSharedResult = z.object({
  shareId: ZPublicId,
  kind: describe(z.enum(['iq', 'personality']), 'Which test the shared result is of'),
  examName: z.string(),
  classId: z.string(),
  className: z.string(),
  /** Only when the owner chose to show it. */
  iq: z.nullable(z.int()),
  /** When the owner chose to show the score and the result is below the range the test measures: its bound. */
  bound: z.nullable(z.int()),
  takenAt: ZIsoDateTime,
  imageUrl: z.string(),
  /** The personality type (null for the IQ test; there `classId`/`className` are the type's code and name). */
  personality: z.nullable(ZSharedType),
});
export type TSharedResult = z.infer<typeof ZSharedResult>;

export const sharedResult = defineEndpoint({
  id: 'sharedResult',
  method: 'GET',
  base: 'api',
  path: '/exam/share/:shareId',
  summary: 'What a share link shows, in the reader’s language (404 once revoked)',
  tags,
  params: z.object({ shareId: ZPublicId }),
  query: z.object({ hl: z.optional(ZLanguageTag) }),
  response: ZSharedResult,
});
