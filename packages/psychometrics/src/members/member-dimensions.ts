import { LEVEL_KEYS, levelOfScore } from '../scoring/dimensions';

/**
 * The report's memory and reaction dimensions from the members' tasks, on the report's T scale (mean 50,
 * SD 10). The references are published adult figures, not our own sample, so a score from them is always
 * marked provisional:
 * - Corsi forward span: about 6 blocks, SD about 1.1, in healthy adults on physical and computer versions
 *   (Kessels et al. 2000; Brunetti et al. 2014).
 * - Simple reaction time to a visual signal on a computer: a median near 270 ms, varying between people by
 *   about 13% (log SD 0.13); choice between two keys adds about 100 ms (Hick's law; Deary et al. 2011).
 *   Devices add their own delay to every time, which lowers the score a little on slow screens.
 */
export const SPAN_REFERENCE = { mean: 6, sd: 1.1 } as const;
export const REACTION_REFERENCE = { simpleMs: 270, choiceMs: 370, logSd: 0.13 } as const;

export interface MemberDimension {
  /** T-score 0..100. */
  readonly score: number;
  readonly level: 1 | 2 | 3 | 4 | 5;
  readonly levelKey: string;
  readonly provisional: true;
}

function fromZ(z: number): MemberDimension {
  const score = Math.round(Math.min(100, Math.max(0, 50 + 10 * z)) * 10) / 10;
  const level = levelOfScore(score);
  return { score, level, levelKey: `engine.level.${LEVEL_KEYS[level - 1]}`, provisional: true };
}

/** Memory from a Corsi span. */
export function spanDimension(span: number): MemberDimension {
  return fromZ((span - SPAN_REFERENCE.mean) / SPAN_REFERENCE.sd);
}

/** Reaction from a median reaction time (faster = higher). */
export function reactionDimension(mode: 'simple' | 'choice', medianMs: number): MemberDimension {
  const ref = mode === 'simple' ? REACTION_REFERENCE.simpleMs : REACTION_REFERENCE.choiceMs;
  return fromZ(-Math.log(Math.max(100, medianMs) / ref) / REACTION_REFERENCE.logSd);
}
