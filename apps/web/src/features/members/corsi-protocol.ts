import { CORSI_RULES } from '@mindgauge/contract';

/**
 * The span task's protocol, as the engine runs it on the server (packages/psychometrics, corsi.ts): two
 * sequences per length from 2, the length grows while at least one of the two is repeated, two misses at a
 * length end it. The page follows it to know what to show next; the server replays it to score.
 */
export function nextLength(outcomes: readonly { length: number; correct: boolean }[]): number | null {
  if (outcomes.length === 0) return CORSI_RULES.startLength;
  const last = outcomes[outcomes.length - 1] as { length: number };
  const atLast = outcomes.filter((o) => o.length === last.length);
  if (atLast.length < CORSI_RULES.perLength) return last.length;
  if (atLast.every((o) => !o.correct)) return null;
  return last.length < CORSI_RULES.maxLength ? last.length + 1 : null;
}

/** Arrow-key moves on the 3 × 3 grid (no wrap-around: the edges stop, as in a table). */
export function moveOnGrid(index: number, key: string): number {
  const row = Math.floor(index / 3);
  const col = index % 3;
  switch (key) {
    case 'ArrowUp':
      return row > 0 ? index - 3 : index;
    case 'ArrowDown':
      return row < 2 ? index + 3 : index;
    case 'ArrowLeft':
      return col > 0 ? index - 1 : index;
    case 'ArrowRight':
      return col < 2 ? index + 1 : index;
    case 'Home':
      return row * 3;
    case 'End':
      return row * 3 + 2;
    default:
      return index;
  }
}
