import { LIKERT_CHOICES, type Locale, type TPersonalityResult, type TPublicStatement } from '@mindgauge/contract';
import {
  PERSONALITY_ITEMS,
  type PersonalityResult,
  type PersonalitySession,
  scorePersonality,
} from '@mindgauge/psychometrics';
import { z } from 'zod';
import type { Translator } from '../../i18n/translator';
import type { TtlCache } from '../../lib/ttl-cache';

/**
 * The personality questionnaire on the one session model: a session whose form version is
 * PERSONALITY_FORM_VERSION holds answers to the engine's 40 statements, `choice` 0..4 on the agreement scale
 * (the engine's value is choice + 1). The IQ forms use versions 1..3; this range keeps the kinds apart so a
 * stored row says by itself which rules read it.
 */
export const PERSONALITY_FORM_VERSION = 101;
/** The personality scoring rules (the engine's scorePersonality with its default limits). */
export const PERSONALITY_SCORING_VERSION = 1;
/**
 * The questionnaire is not timed ("there is no need to rush"): its deadline only bounds how long an
 * unfinished sheet stays open, the session cookie's lifetime.
 */
export const PERSONALITY_OPEN_MS = 7 * 86_400_000;

export function isPersonalityForm(formVersion: number): boolean {
  return formVersion === PERSONALITY_FORM_VERSION;
}

/** What is stored as the session's key: the statements, their axis and keying, in the order asked. */
export function personalityKeyJson(): string {
  return JSON.stringify({ items: PERSONALITY_ITEMS.map((it) => ({ id: it.id, axis: it.axis, keying: it.keying })) });
}

export const PERSONALITY_QUESTION_COUNT = PERSONALITY_ITEMS.length;

export function isPersonalityItem(itemId: string): boolean {
  return PERSONALITY_ITEMS.some((it) => it.id === itemId);
}

export function isLikertChoice(choice: number | null): boolean {
  return choice === null || (Number.isInteger(choice) && choice >= 0 && choice < LIKERT_CHOICES);
}

/** The statements in the visitor's language, serialized once per language (they are the same for everyone). */
export function publicStatementsJson(cache: TtlCache, translator: Translator, hl: Locale): Promise<Buffer> {
  return cache.get(`statements:${hl}`, async () => {
    const statements: TPublicStatement[] = PERSONALITY_ITEMS.map((it, index) => ({
      id: it.id,
      index,
      text: translator.t(hl, `personality:item.${it.id}`),
    }));
    return Buffer.from(JSON.stringify(statements));
  });
}

/** The stored answers as the engine's sheet: every statement once, in order (an unanswered one is missing). */
export function personalitySheet(answers: readonly { item_id: string; choice: number | null }[]): PersonalitySession {
  const byItem = new Map(answers.map((a) => [a.item_id, a.choice]));
  return {
    responses: PERSONALITY_ITEMS.flatMap((it) => {
      const choice = byItem.get(it.id);
      return choice === null || choice === undefined ? [] : [{ itemId: it.id, value: choice + 1 }];
    }),
  };
}

export function scorePersonalitySheet(
  answers: readonly { item_id: string; choice: number | null }[],
): PersonalityResult {
  return scorePersonality(personalitySheet(answers));
}

/** `exam_sessions.result` of a scored personality session: the engine's valid result, read on what is shown. */
export const ZStoredPersonalityResult = z.looseObject({
  valid: z.literal(true),
  type: z.string(),
  axes: z.array(
    z.looseObject({
      axis: z.enum(['EI', 'SN', 'TF', 'JP']),
      letter: z.string(),
      firstPolePercent: z.number(),
      marginPercent: z.number(),
      borderline: z.boolean(),
    }),
  ),
});

/** The free result the visitor sees: the four letters and each axis' share with its margin. */
export function toPersonalityResult(stored: z.infer<typeof ZStoredPersonalityResult>): TPersonalityResult {
  return {
    type: stored.type,
    axes: stored.axes.map((a) => ({
      axis: a.axis,
      letter: a.letter,
      firstPolePercent: Math.round(a.firstPolePercent),
      marginPercent: Math.round(a.marginPercent),
      borderline: a.borderline,
    })),
  };
}
