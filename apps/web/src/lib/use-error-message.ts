import { isErrorCode } from '@mindgauge/contract';
import { useTranslation } from 'react-i18next';
import { ApiResponseError, NetworkError } from './api-client';

/** A failed call as a sentence in the visitor's language, from the server's stable error code. */
export function useErrorMessage() {
  const { t } = useTranslation(['common', 'errors']);
  return (error: unknown): string => {
    if (error instanceof NetworkError) return navigator.onLine === false ? t('errors:offline') : t('errors:connection');
    if (error instanceof ApiResponseError) {
      const code = error.body?.code;
      if (isErrorCode(code)) return t(`errors:${code}`);
    }
    return t('errors:INTERNAL');
  };
}
