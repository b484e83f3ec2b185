import { createRng, type Rng } from '../core/rng';
import { generateItem } from '../items/generate-item';
import type { MatrixItem } from '../items/types';

/** Ten practice puzzles from easy to fairly hard: a first taste of every kind of rule, untimed. */
export const PRACTICE_LEVELS: readonly number[] = [1, 1, 2, 2, 2, 3, 3, 3, 4, 4];
export const TRAINING_LEVELS = [1, 2, 3, 4, 5] as const;
export const TRAINING_ITEMS = 8;

/** The practice set: ten generated puzzles, drawn from `rng` (the server keeps the seed, never the client). */
export function practiceSet(rng: Rng): MatrixItem[] {
  return PRACTICE_LEVELS.map((level, i) => generateItem(rng.fork(`practice:${i}`), { level }));
}

/**
 * ISO 8601 week of an instant (UTC): weeks start on Monday and week 1 holds the year's first Thursday.
 * The clock is the caller's.
 */
export function isoWeek(epochMs: number): { year: number; week: number; key: string } {
  const d = new Date(epochMs);
  const day = (d.getUTCDay() + 6) % 7; // Monday 0 .. Sunday 6
  const thursday = Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate() - day + 3);
  const year = new Date(thursday).getUTCFullYear();
  const week = 1 + Math.floor((thursday - Date.UTC(year, 0, 1)) / (7 * 86_400_000));
  return { year, week, key: `${year}-W${String(week).padStart(2, '0')}` };
}

/**
 * A week's training set at a level: the same for everyone that week (seeded by the week and the level), and
 * unknown to anyone without `secret` (the server's), so the key cannot be computed ahead of the answers.
 */
export function trainingSet(secret: string, weekKey: string, level: number): MatrixItem[] {
  const rng = createRng(`${secret}:training:${weekKey}:L${level}`);
  return Array.from({ length: TRAINING_ITEMS }, (_, i) => generateItem(rng.fork(`item:${i}`), { level }));
}
