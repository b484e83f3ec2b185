import { z } from 'zod';

/**
 * The shapes of the exam module's JSON columns, as the server reads them. Engine results are checked on the
 * fields the server uses (`looseObject`: the engine may store more).
 */
export const ZStoredScoringKey = z.object({
  items: z.array(
    z.object({
      id: z.string(),
      answerIndex: z.int(),
      a: z.number(),
      b: z.number(),
      part: z.int(),
      ruleLoad: z.number(),
    }),
  ),
});

const ZRange = z.looseObject({ lower: z.number(), upper: z.number() });

const ZStoredNorm = z.looseObject({ provisional: z.boolean(), key: z.string(), sampleSize: z.number() });

/** `exam_sessions.result` of a session given a number: scoring version 1 (scoreIq) or 2 (outcome 'scored'). */
export const ZStoredScoredResult = z.looseObject({
  valid: z.literal(true),
  outcome: z.optional(z.literal('scored')),
  /** Version 2: the IQ shown (the class follows it); version 1 results round iq.iq. */
  iqShown: z.optional(z.int()),
  iq: z.looseObject({
    iq: z.number(),
    range95: ZRange,
    percentile: z.number(),
    classification: z.looseObject({ id: z.string(), key: z.string() }),
  }),
  correct: z.int(),
  answered: z.int(),
  norm: ZStoredNorm,
  dimensions: z.array(
    z.looseObject({
      id: z.enum(['memory', 'speed', 'reaction', 'concentration', 'logic']),
      key: z.string(),
      descriptionKey: z.string(),
      score: z.number(),
      level: z.int(),
      levelKey: z.string(),
      reference: ZRange,
      source: z.looseObject({ key: z.string() }),
      provisional: z.boolean(),
    }),
  ),
});

/** `exam_sessions.result` of a version 2 session below the range the test measures: no number. */
export const ZStoredBelowRangeResult = z.looseObject({
  valid: z.literal(true),
  outcome: z.literal('below-range'),
  bound: z.int(),
  classification: z.looseObject({ id: z.string(), key: z.string() }),
  correct: z.int(),
  answered: z.int(),
  norm: ZStoredNorm,
});

/** `exam_sessions.result` of a valid session (status 'scored'), any scoring version. */
export const ZStoredIqResult = z.union([ZStoredBelowRangeResult, ZStoredScoredResult]);

export type StoredIqResult =
  | ({ outcome: 'below-range' } & z.infer<typeof ZStoredBelowRangeResult>)
  | z.infer<typeof ZStoredScoredResult>;

/**
 * The stored result, discriminated on `outcome` (the loose objects' catch-all hides the discriminant from
 * TypeScript; the scored shape's `outcome` can only be 'scored' or absent, so the narrowing is exact).
 */
export function isBelowRange(
  r: z.infer<typeof ZStoredIqResult>,
): r is { outcome: 'below-range' } & z.infer<typeof ZStoredBelowRangeResult> {
  return r.outcome === 'below-range';
}

/** `exam_sessions.validity`: the screens' report; its flags are what invalidated the session (locale keys). */
export const ZStoredValidity = z.looseObject({
  flags: z.array(z.looseObject({ code: z.string(), key: z.string() })),
});

/** `skus.entitlements`, read with the order's tier. */
export const ZStoredEntitlements = z.array(z.string());
