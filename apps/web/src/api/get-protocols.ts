import { type Locale, privacyAndAgreement, protocolInfo } from '@mindgauge/contract';
import { queryOptions, useSuspenseQuery } from '@tanstack/react-query';
import { call } from '../lib/api-client';

export function privacyAndAgreementQuery(examId: number, hl: Locale) {
  return queryOptions({
    queryKey: ['protocol', 'pair', examId, hl],
    queryFn: ({ signal }) => call(privacyAndAgreement, { params: { examId, hl }, signal }),
  });
}

export function protocolQuery(id: number, hl: Locale) {
  return queryOptions({
    queryKey: ['protocol', 'info', id, hl],
    queryFn: ({ signal }) => call(protocolInfo, { params: { id }, query: { hl }, signal }),
  });
}

export function usePrivacyAndAgreement(examId: number, hl: Locale) {
  return useSuspenseQuery(privacyAndAgreementQuery(examId, hl));
}

export function useProtocol(id: number, hl: Locale) {
  return useSuspenseQuery(protocolQuery(id, hl));
}
