import { describe, z } from './zod';

/**
 * Every page path ends in `{code}-{examId}` (the landing code and the exam id, e.g. `IQB-1799`).
 * A path whose scope fails this shape shows the 404 page.
 */
export const SCOPE_PATTERN = /^([A-Z][A-Z0-9]{1,15})-([1-9][0-9]{0,8})$/;

export interface Scope {
  code: string;
  examId: number;
}

export function parseScope(value: string | undefined | null): Scope | null {
  if (!value) return null;
  const m = SCOPE_PATTERN.exec(value);
  if (!m?.[1] || !m[2]) return null;
  return { code: m[1], examId: Number(m[2]) };
}

export function formatScope(scope: Scope): string {
  return `${scope.code}-${scope.examId}`;
}

/** A positive database id in a path segment ("12"), bounded so it never overflows an INTEGER column. */
export const ZIdParam = z.coerce
  .number({ error: 'must be a number' })
  .check(z.int(), z.positive(), z.maximum(2_147_483_647));

export const ZExamIdParam = describe(ZIdParam, 'Exam id, e.g. 1799');
