import { endpoints } from '@mindgauge/contract';
import type { FastifyInstance } from 'fastify';
import { type BasePaths, mountEndpoint } from '../../http/mount-endpoint';
import { readerOf } from '../exam/report-access';
import type { ExtrasService } from './extras-service';

/** The upsell steps, the in-report purchase screen's calls, gifts and VIP. */
export function extrasRoutes(app: FastifyInstance, bases: BasePaths, extras: ExtrasService): void {
  mountEndpoint(app, bases, endpoints.stepPackage, ({ params, query, locale }) =>
    extras.stepPackage(params.examId, params.step, params.country, query.hl ?? locale),
  );
  mountEndpoint(app, bases, endpoints.secondPhaseOrder, ({ params, query, req, locale }) =>
    extras.secondPhaseOrder(params.orderNumber, readerOf(req, query.token), query.hl ?? locale),
  );
  mountEndpoint(app, bases, endpoints.extraPackageList, ({ params, query, req, locale }) =>
    extras.packageList(params.orderNumber, readerOf(req, query.token), query.hl ?? locale),
  );
  mountEndpoint(app, bases, endpoints.buySkuPackage, ({ body, req }) =>
    extras.buy(body.orderNumber, body.packageId, readerOf(req, body.token), body.hl),
  );
  mountEndpoint(app, bases, endpoints.submitExtraOrder, ({ body, req }) =>
    extras.buy(body.orderNumber, body.packageId, readerOf(req, body.token), body.hl),
  );
  mountEndpoint(app, bases, endpoints.buyWrongQuestion, ({ body, req }) =>
    extras.buy(body.orderNumber, 'answerAnalysis', readerOf(req, body.token), body.hl),
  );
  mountEndpoint(app, bases, endpoints.buyPresentedExam, ({ body, req }) =>
    extras.buy(body.orderNumber, 'presentedExam', readerOf(req, body.token), body.hl),
  );
  mountEndpoint(app, bases, endpoints.createVipPayment, ({ body, req }) =>
    extras.buy(body.orderNumber, 'vip', readerOf(req, body.token), body.hl),
  );
  mountEndpoint(app, bases, endpoints.buyPlanSku, ({ body, req }) =>
    extras.planSku(body.orderNumber, body.planId, readerOf(req, body.token)),
  );
  mountEndpoint(app, bases, endpoints.vipStatus, ({ params, query, req }) =>
    extras.vipStatus(params.examOrderNumber, readerOf(req, query.token)),
  );
  mountEndpoint(app, bases, endpoints.presenterList, ({ params, query, req, locale }) =>
    extras.presenterList(params.orderNumber, readerOf(req, query.token), query.hl ?? locale),
  );
  mountEndpoint(app, bases, endpoints.redeemGift, ({ body, req }) =>
    extras.redeemGift(body.orderNumber, body.code, readerOf(req, undefined), req.ip),
  );
}
