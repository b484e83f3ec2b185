import { createExamOrder as createExamOrderEndpoint } from '@mindgauge/contract';
import { call } from '../../../lib/api-client';

export function createExamOrder(sessionId: string) {
  return call(createExamOrderEndpoint, { body: { sessionId } });
}
