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

/** Days since 1970-01-01 of a civil date (Hinnant's days_from_civil): calendar arithmetic without a Date. */
function daysFromCivil(y: number, m: number, d: number): number {
  const yy = m <= 2 ? y - 1 : y;
  const era = Math.floor(yy / 400);
  const yoe = yy - era * 400;
  const doy = Math.floor((153 * (m + (m > 2 ? -3 : 9)) + 2) / 5) + d - 1;
  const doe = yoe * 365 + Math.floor(yoe / 4) - Math.floor(yoe / 100) + doy;
  return era * 146097 + doe - 719468;
}

/** The year of a day counted from 1970-01-01 (Hinnant's civil_from_days, year only). */
function yearOfDays(days: number): number {
  const z = days + 719468;
  const era = Math.floor(z / 146097);
  const doe = z - era * 146097;
  const yoe = Math.floor((doe - Math.floor(doe / 1460) + Math.floor(doe / 36524) - Math.floor(doe / 146096)) / 365);
  const doy = doe - (365 * yoe + Math.floor(yoe / 4) - Math.floor(yoe / 100));
  const mp = Math.floor((5 * doy + 2) / 153);
  return yoe + era * 400 + (mp >= 10 ? 1 : 0);
}

/**
 * ISO 8601 week of an instant (UTC): weeks start on Monday and week 1 holds the year's first Thursday.
 * The instant is the caller's (the engine reads no clock).
 */
export function isoWeek(epochMs: number): { year: number; week: number; key: string } {
  const days = Math.floor(epochMs / 86_400_000);
  const weekday = (((days + 3) % 7) + 7) % 7; // 1970-01-01 was a Thursday; Monday 0 .. Sunday 6
  const thursday = days - weekday + 3;
  const year = yearOfDays(thursday);
  const week = 1 + Math.floor((thursday - daysFromCivil(year, 1, 1)) / 7);
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
