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
 * - rapid-uniform: clicks at random, each answer after 1 to 3 s (uniform).
 * - rusher: honest for the first two thirds, then clicks at random in 1 to 3 s.
 */
export type RespondentKind = 'honest' | 'random' | 'rapid' | 'straight' | 'rapid-uniform' | 'rusher';

export interface RespondentProfile {
  readonly kind: RespondentKind;
  /** Ability for honest respondents (default: drawn from N(0, 1)). */
  readonly theta?: number;
  /** Log-scale speed (positive = faster); default drawn from the norm. */
  readonly speed?: number;
  readonly timing?: TimingNorm;
  /**
   * Realistic honest timing (scoring version 2 audits): time grows on items hard for this person, and on an
   * item beyond them that they get wrong they give up after 3 to 8 s with probability `giveUpRate` (default
   * 0.6). Answers still follow the 3PL, so estimates stay unbiased; only the times change.
   */
  readonly realistic?: boolean;
  readonly giveUpRate?: number;
}

function lognormalMs(rng: Rng, medianMs: number, sd: number): number {
  return medianMs * Math.exp(sd * rng.normal());
}

export function simulateSession(rng: Rng, key: ScoringKey, profile: RespondentProfile): IqSession {
  const timing = profile.timing ?? MODEL_PRIOR_NORM.timing;
  const theta = profile.theta ?? rng.normal();
  const speed = profile.speed ?? timing.speedSd * rng.normal();
  const fixedChoice = rng.int(6);
  const rushFrom = Math.ceil((2 * key.items.length) / 3);
  const responses: ItemResponse[] = key.items.map((k, index) => {
    let choice: number;
    const rushing = profile.kind === 'rapid-uniform' || (profile.kind === 'rusher' && index >= rushFrom);
    let gaveUp = false;
    if (profile.kind === 'honest' || (profile.kind === 'rusher' && !rushing)) {
      if (rng.next() < p3pl(theta, k.a, k.b)) choice = k.answerIndex;
      else {
        const d = rng.int(5);
        choice = d >= k.answerIndex ? d + 1 : d;
        // Beyond them: the 2PL part of the model says they solve it less than half the time.
        if (profile.realistic && theta < k.b) gaveUp = rng.next() < (profile.giveUpRate ?? 0.6);
      }
    } else if (profile.kind === 'straight') choice = fixedChoice;
    else choice = rng.int(6);
    const relative = profile.realistic ? Math.exp(0.25 * Math.max(-2, Math.min(2, k.b - theta))) : 1;
    const timeMs = rushing
      ? 1000 + 2000 * rng.next()
      : gaveUp
        ? 3000 + 5000 * rng.next()
        : profile.kind === 'rapid'
          ? lognormalMs(rng, 1500, 0.4)
          : lognormalMs(rng, expectedTimeMs(timing, k.b) * Math.exp(-speed) * relative, timing.noiseSd);
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
