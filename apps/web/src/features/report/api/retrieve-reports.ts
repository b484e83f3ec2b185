import { type Locale, retrieveReports as retrieveReportsEndpoint } from '@mindgauge/contract';
import { useMutation } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';

export function retrieveReports(email: string, hl: Locale) {
  return call(retrieveReportsEndpoint, { body: { email, hl } });
}

export function useRetrieveReports() {
  return useMutation({ mutationFn: ({ email, hl }: { email: string; hl: Locale }) => retrieveReports(email, hl) });
}
