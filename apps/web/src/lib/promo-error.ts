import type { ErrorCode } from '@mindgauge/contract';
import { ApiResponseError } from './api-client';

/** The promo code of a URL no longer applies: prices are shown without it and the reason under the field. */
export function promoErrorCode(err: unknown): ErrorCode | null {
  if (!(err instanceof ApiResponseError)) return null;
  const code = err.body?.code;
  return code === 'PROMO_INVALID' || code === 'PROMO_EXPIRED' ? code : null;
}

/** The server's error code of a failed call, if it sent one. */
export function errorCode(err: unknown): string | undefined {
  return err instanceof ApiResponseError ? err.body?.code : undefined;
}
