import type { Rng } from '../core/rng';
import { p3pl } from '../irt/model';
import { expectedTimeMs, MODEL_PRIOR_NORM, type TimingNorm } from '../scoring/norms';
import type { ScoringKey } from '../scoring/scoring-key';
import type { IqSession, ItemResponse } from '../scoring/session';

/**
 * Simulated respondents for audits and tests.
 * - honest: answers by the 3PL at theta; wrong answers spread evenly over the
 *   distractors (the conservative case for screens); times follow the lognormal norm.
 * - random: clicks an option at random but takes normal-looking time (the
 *   hardest random responder to catch).
 * - rapid: clicks at random within a second or two.
 * - straight: picks the same option position throughout, with normal-looking time.
 */
export type RespondentKind = 'honest' | 'random' | 'rapid' | 'straight';

export interface RespondentProfile {
  readonly kind: RespondentKind;
  /** Ability for honest respondents (default: drawn from N(0, 1)). */
  readonly theta?: number;
  /** Log-scale speed (positive = faster); default drawn from the norm. */
  readonly speed?: number;
  readonly timing?: TimingNorm;
}

function lognormalMs(rng: Rng, medianMs: number, sd: number): number {
  return medianMs * Math.exp(sd * rng.normal());
}

export function simulateSession(rng: Rng, key: ScoringKey, profile: RespondentProfile): IqSession {
  const timing = profile.timing ?? MODEL_PRIOR_NORM.timing;
  const theta = profile.theta ?? rng.normal();
  const speed = profile.speed ?? timing.speedSd * rng.normal();
  const fixedChoice = rng.int(6);
  const responses: ItemResponse[] = key.items.map((k) => {
    let choice: number;
    if (profile.kind === 'honest') {
      if (rng.next() < p3pl(theta, k.a, k.b)) choice = k.answerIndex;
      else {
        const d = rng.int(5);
        choice = d >= k.answerIndex ? d + 1 : d;
      }
    } else if (profile.kind === 'straight') choice = fixedChoice;
    else choice = rng.int(6);
    const timeMs =
      profile.kind === 'rapid'
        ? lognormalMs(rng, 1500, 0.4)
        : lognormalMs(rng, expectedTimeMs(timing, k.b) * Math.exp(-speed), timing.noiseSd);
    const firstChoiceMs = Math.min(timeMs, timeMs * timing.firstChoiceShare * Math.exp(0.3 * rng.normal()));
    const u = rng.next();
    return {
      itemId: k.id,
      choice,
      timeMs: Math.round(timeMs),
      firstChoiceMs: Math.round(firstChoiceMs),
      answerChanges: u < 0.8 ? 0 : u < 0.95 ? 1 : 2,
      focusLosses: rng.next() < 0.02 ? 1 : 0,
    };
  });
  return { responses };
}
