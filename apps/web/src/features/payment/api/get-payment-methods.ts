import { paymentMethodList } from '@mindgauge/contract';
import { queryOptions } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';

/** The payment methods offered for a country, and the processor that takes each. */
export function paymentMethodsQuery(examId: number, country: string) {
  return queryOptions({
    queryKey: ['checkout', 'paymentMethods', examId, country],
    queryFn: ({ signal }) => call(paymentMethodList, { params: { examId, country }, signal }),
  });
}
