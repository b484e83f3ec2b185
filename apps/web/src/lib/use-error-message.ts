import { isErrorCode } from '@mindgauge/contract';
import { useTranslation } from 'react-i18next';
import { ApiResponseError, NetworkError } from './api-client';

/**
 * The `errors` key for a failed call: a request that timed out is a "network error" (spec section 8), a
 * dropped connection "Network disconnected", any other failed fetch "Connection failed"; a server answer
 * by its stable error code.
 */
export function errorMessageKey(error: unknown, online: boolean): string {
  if (error instanceof NetworkError) {
    if (!online || error.reason === 'offline') return 'offline';
    return error.reason === 'timeout' ? 'network' : 'connection';
  }
  if (error instanceof ApiResponseError) {
    const code = error.body?.code;
    if (isErrorCode(code)) return code;
  }
  return 'INTERNAL';
}

/** A failed call as a sentence in the visitor's language, from the server's stable error code. */
export function useErrorMessage() {
  const { t } = useTranslation(['common', 'errors']);
  return (error: unknown): string =>
    t(`errors:${errorMessageKey(error, navigator.onLine !== false)}` as 'errors:INTERNAL');
}
