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

/** `exam_sessions.result` of a valid, scored session. */
export const ZStoredIqResult = z.looseObject({
  valid: z.literal(true),
  iq: z.looseObject({
    iq: z.number(),
    range95: ZRange,
    percentile: z.number(),
    classification: z.looseObject({ id: z.string(), key: z.string() }),
  }),
  correct: z.int(),
  answered: z.int(),
  norm: z.looseObject({ provisional: z.boolean(), key: z.string(), sampleSize: z.number() }),
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

/** `skus.entitlements`, read with the order's tier. */
export const ZStoredEntitlements = z.array(z.string());
