import { createExamOrder as createExamOrderEndpoint } from '@mindgauge/contract';
import { call } from '../../../lib/api-client';

/** Scores the confirmed session in the cookie and creates its order (repeatable). */
export function createExamOrder() {
  return call(createExamOrderEndpoint, { body: {} });
}
