import { endpoints } from '@mindgauge/contract';
import type { FastifyInstance } from 'fastify';
import { type BasePaths, mountEndpoint } from '../../http/mount-endpoint';
import { readerOf } from '../exam/report-access';
import type { LabService } from './lab-service';

/** The psychology lab: its questionnaires with their results, and scoring a filled-in one. */
export function labRoutes(app: FastifyInstance, bases: BasePaths, lab: LabService): void {
  mountEndpoint(app, bases, endpoints.labList, ({ params, query, req }) =>
    lab.list(params.orderNumber, readerOf(req, query.token)),
  );
  mountEndpoint(app, bases, endpoints.labSubmit, ({ body, req, locale }) =>
    lab.submit(body.orderNumber, readerOf(req, body.token), body.testId, body.answers, body.hl ?? locale),
  );
}
