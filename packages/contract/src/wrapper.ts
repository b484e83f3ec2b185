import { z } from 'zod';

/** A response counts as successful only when its body's `result` equals 200 (spec, section 4). */
export const RESULT_OK = 200;

export function ZApiSuccess<T extends z.ZodType>(data: T) {
  return z.object({ result: z.literal(RESULT_OK), data });
}

export const ZApiError = z.object({
  result: z.number().int().describe('Business result code; never 200 for an error'),
  code: z.string().describe('Stable error code, e.g. VALIDATION_FAILED'),
  message: z.string().describe('Human-readable message in the request language'),
  issues: z
    .array(z.object({ path: z.string(), message: z.string() }))
    .optional()
    .describe('Per-field problems for validation errors'),
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
