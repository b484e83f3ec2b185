import { endpoints } from '@mindgauge/contract';
import type { FastifyInstance } from 'fastify';
import { type BasePaths, mountEndpoint, RawFile } from '../../http/mount-endpoint';
import type { ConsoleService } from './console-service';

/** The console's calls. Thin: check the operator, validate (the contract), call, answer. */
export function consoleRoutes(app: FastifyInstance, bases: BasePaths, c: ConsoleService): void {
  // Nothing an operator sees may stay in a shared cache or the browser's history cache.
  app.addHook('onSend', async (_req, reply) => {
    reply.header('cache-control', 'no-store');
  });

  mountEndpoint(app, bases, endpoints.consoleMe, ({ req, reply }) => c.me(req, reply));
  mountEndpoint(app, bases, endpoints.consoleTotpEnrol, ({ req, reply }) => c.enrol(req, reply));
  mountEndpoint(app, bases, endpoints.consoleTotpVerify, ({ req, reply, body }) => c.verify(req, reply, body.code));

  mountEndpoint(app, bases, endpoints.consoleAudit, async ({ req, reply, query }) => {
    await c.requireOperator(req, reply);
    return c.auditLog(query.before);
  });
  mountEndpoint(app, bases, endpoints.consoleOrders, async ({ req, reply, query }) => {
    await c.requireOperator(req, reply);
    return c.searchOrders(query);
  });
  mountEndpoint(app, bases, endpoints.consoleOrder, async ({ req, reply, params }) => {
    await c.requireOperator(req, reply);
    return c.orderStory(params.orderNumber);
  });
  mountEndpoint(app, bases, endpoints.consoleRefund, async ({ req, reply, params, body }) =>
    c.refund(await c.requireOperator(req, reply), params.orderNumber, body.revokeAccess),
  );
  mountEndpoint(app, bases, endpoints.consoleResendReport, async ({ req, reply, params }) =>
    c.resend(await c.requireOperator(req, reply), params.orderNumber),
  );
  mountEndpoint(app, bases, endpoints.consolePromoList, async ({ req, reply }) => {
    await c.requireOperator(req, reply);
    return c.promoList();
  });
  mountEndpoint(app, bases, endpoints.consolePromoCreate, async ({ req, reply, body }) =>
    c.promoCreate(await c.requireOperator(req, reply), body),
  );
  mountEndpoint(app, bases, endpoints.consolePromoExpire, async ({ req, reply, params }) =>
    c.promoExpire(await c.requireOperator(req, reply), params.code),
  );
  mountEndpoint(app, bases, endpoints.consoleCatalogue, async ({ req, reply }) => {
    await c.requireOperator(req, reply);
    return c.catalogue.read();
  });
  mountEndpoint(app, bases, endpoints.consoleCataloguePreview, async ({ req, reply, params }) => {
    await c.requireOperator(req, reply);
    return c.catalogue.preview(params.examId, params.country, params.hl);
  });
  mountEndpoint(app, bases, endpoints.consoleCataloguePrice, async ({ req, reply, body }) =>
    c.catalogue.setPrice(await c.requireOperator(req, reply), body),
  );
  mountEndpoint(app, bases, endpoints.consoleCataloguePlanPrice, async ({ req, reply, body }) =>
    c.catalogue.setPlanPrice(await c.requireOperator(req, reply), body),
  );
  mountEndpoint(app, bases, endpoints.consoleCatalogueOffer, async ({ req, reply, body }) =>
    c.catalogue.setOfferMinutes(await c.requireOperator(req, reply), body.minutes),
  );
  mountEndpoint(app, bases, endpoints.consoleTickets, async ({ req, reply, query }) => {
    await c.requireOperator(req, reply);
    return c.tickets(query.status ?? 'open');
  });
  mountEndpoint(app, bases, endpoints.consoleTicketReply, async ({ req, reply, params, body }) =>
    c.ticketReply(await c.requireOperator(req, reply), params.id, body.message),
  );
  mountEndpoint(app, bases, endpoints.consoleTicketDone, async ({ req, reply, params }) =>
    c.ticketDone(await c.requireOperator(req, reply), params.id),
  );
  mountEndpoint(app, bases, endpoints.consoleMail, async ({ req, reply, query }) => {
    await c.requireOperator(req, reply);
    return c.mail(query.status);
  });
  mountEndpoint(app, bases, endpoints.consoleMailRetry, async ({ req, reply, params }) =>
    c.mailRetry(await c.requireOperator(req, reply), params.id),
  );

  mountEndpoint(app, bases, endpoints.consoleReviews, async ({ req, reply }) => {
    await c.requireOperator(req, reply);
    return c.reviews();
  });
  mountEndpoint(app, bases, endpoints.consoleReviewApprove, async ({ req, reply, params }) =>
    c.reviewModerate(await c.requireOperator(req, reply), params.id, 'approve'),
  );
  mountEndpoint(app, bases, endpoints.consoleReviewReject, async ({ req, reply, params }) =>
    c.reviewModerate(await c.requireOperator(req, reply), params.id, 'reject'),
  );
  mountEndpoint(app, bases, endpoints.consoleReviewReply, async ({ req, reply, params, body }) =>
    c.reviewModerate(await c.requireOperator(req, reply), params.id, { reply: body.message }),
  );
  mountEndpoint(app, bases, endpoints.consoleReviewRemove, async ({ req, reply, params }) =>
    c.reviewRemove(await c.requireOperator(req, reply), params.id),
  );
  mountEndpoint(app, bases, endpoints.consoleReviewsRemoveDemo, async ({ req, reply }) =>
    c.reviewsRemoveDemo(await c.requireOperator(req, reply)),
  );

  mountEndpoint(app, bases, endpoints.consoleSubscriptions, async ({ req, reply, query }) => {
    await c.requireOperator(req, reply);
    return c.subscriptions(query.email);
  });
  mountEndpoint(app, bases, endpoints.consoleSubscriptionCancel, async ({ req, reply, params }) =>
    c.subscriptionCancel(await c.requireOperator(req, reply), params.id),
  );
  mountEndpoint(app, bases, endpoints.consoleSubscriptionRefund, async ({ req, reply, params }) =>
    c.subscriptionRefund(await c.requireOperator(req, reply), params.id, params.chargeId),
  );

  mountEndpoint(app, bases, endpoints.consoleFunnel, async ({ req, reply, query }) => {
    await c.requireOperator(req, reply);
    return c.funnel(query.from, query.to);
  });
  mountEndpoint(app, bases, endpoints.consoleFunnelCsv, async ({ req, reply, query }) => {
    await c.requireOperator(req, reply);
    const csv = await c.funnelCsv(query.from, query.to);
    return new RawFile(Buffer.from(csv, 'utf8'), 'text/csv; charset=utf-8', `funnel-${query.from}-${query.to}.csv`);
  });
}
