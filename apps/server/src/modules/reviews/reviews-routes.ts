import { endpoints } from '@mindgauge/contract';
import type { FastifyInstance } from 'fastify';
import { type BasePaths, mountEndpoint } from '../../http/mount-endpoint';
import { readerOf } from '../exam/report-access';
import type { ReviewsService } from './reviews-service';

/** The public review endpoints: the approved list, and a buyer's submission. Moderation has no route here. */
export function reviewsRoutes(app: FastifyInstance, bases: BasePaths, reviews: ReviewsService): void {
  mountEndpoint(app, bases, endpoints.reviewList, ({ params }) => reviews.list(params.examId, params.hl));
  mountEndpoint(app, bases, endpoints.submitReview, ({ body, req }) =>
    reviews.submit(body, readerOf(req, body.token), req.ip),
  );
}
