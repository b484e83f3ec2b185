import { submitReview as submitReviewEndpoint, type TReviewRequest } from '@mindgauge/contract';
import { call } from '../../../lib/api-client';

/** A buyer's review of their report; held for moderation. */
export function submitReview(body: TReviewRequest) {
  return call(submitReviewEndpoint, { body });
}
