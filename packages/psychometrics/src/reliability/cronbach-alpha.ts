import { PsychometricsInputError } from '../core/errors';

function variance(values: readonly number[]): number {
  const n = values.length;
  const mean = values.reduce((s, v) => s + v, 0) / n;
  return values.reduce((s, v) => s + (v - mean) ** 2, 0) / (n - 1);
}

/**
 * Cronbach's alpha of a scale: rows are respondents, columns the scale's items, every value already keyed
 * in one direction. k/(k-1) * (1 - sum of item variances / variance of the sum). Null when it is undefined
 * (fewer than two respondents, or every respondent with the same total).
 */
export function cronbachAlpha(rows: readonly (readonly number[])[]): number | null {
  if (!Array.isArray(rows) || rows.length === 0) {
    throw new PsychometricsInputError('invalid_response_matrix', 'rows must be a non-empty array');
  }
  const k = rows[0]?.length ?? 0;
  if (k < 2) throw new PsychometricsInputError('invalid_response_matrix', 'a scale needs at least two items');
  for (const row of rows) {
    if (!Array.isArray(row) || row.length !== k || row.some((v) => typeof v !== 'number' || !Number.isFinite(v))) {
      throw new PsychometricsInputError('invalid_response_matrix', 'every row needs one finite number per item');
    }
  }
  if (rows.length < 2) return null;
  const itemVariances = Array.from({ length: k }, (_, j) => variance(rows.map((r) => r[j] as number)));
  const totalVariance = variance(rows.map((r) => r.reduce((s: number, v: number) => s + v, 0)));
  if (totalVariance === 0) return null;
  return (k / (k - 1)) * (1 - itemVariances.reduce((s, v) => s + v, 0) / totalVariance);
}
