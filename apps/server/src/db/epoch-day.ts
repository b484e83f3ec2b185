import { sql } from 'kysely';

const DAY_MS = 86_400_000;

/**
 * The UTC epoch day of an epoch-ms column, the same integer on both dialects (integer division on SQLite's
 * INTEGER and PostgreSQL's BIGINT), so counting by day is one GROUP BY on an indexed range.
 */
export const epochDay = (column: string) => sql<number>`(${sql.ref(column)} / ${sql.lit(DAY_MS)})`;
