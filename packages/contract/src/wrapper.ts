import { describe, z } from './zod';

/** A response counts as successful only when its body's `result` equals 200 (spec, section 4). */
export const RESULT_OK = 200;

export function ZApiSuccess<T extends z.core.$ZodType>(data: T) {
  return z.object({ result: z.literal(RESULT_OK), data });
}

export const ZApiError = z.object({
  result: describe(z.int(), 'Business result code; never 200 for an error'),
  code: describe(z.string(), 'Stable error code, e.g. VALIDATION_FAILED'),
  message: describe(z.string(), 'Human-readable message in the request language'),
  issues: describe(
    z.optional(z.array(z.object({ path: z.string(), message: z.string() }))),
    'Per-field problems for validation errors',
  ),
});
export type TApiError = z.infer<typeof ZApiError>;

export interface ApiSuccess<T> {
  result: typeof RESULT_OK;
  data: T;
}

export function isApiSuccess<T = unknown>(body: unknown): body is ApiSuccess<T> {
  return typeof body === 'object' && body !== null && (body as { result?: unknown }).result === RESULT_OK;
}

export function isApiError(body: unknown): body is TApiError {
  return ZApiError.safeParse(body).success;
}
