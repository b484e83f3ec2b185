import { endpoints } from '@mindgauge/contract';
import type { FastifyInstance } from 'fastify';
import { type BasePaths, mountEndpoint } from '../../http/mount-endpoint';
import type { Clock } from '../../lib/clock';
import type { CatalogService } from '../checkout/catalog-service';
import { readerOf } from '../exam/report-access';
import type { RateLimiter } from '../rate-limit/consume-rate-limit';
import type { PaymentService } from './payment-service';
import type { ProviderRegistry } from './providers/provider-registry';

const MINUTE = 60_000;
/** Promo codes are secrets worth guessing: limited across instances. */
export const PROMO_RULES = { name: 'promo:ip', max: 20, windowMs: 10 * MINUTE };

/** Report tiers, prices, and the pay base's payment calls and processor webhooks. */
export function checkoutRoutes(
  app: FastifyInstance,
  bases: BasePaths,
  deps: {
    catalog: CatalogService;
    payments: PaymentService;
    providers: ProviderRegistry;
    limits: RateLimiter;
    clock: Clock;
  },
): void {
  const { catalog, payments, limits, clock } = deps;

  mountEndpoint(app, bases, endpoints.skuList, ({ params, query }) =>
    catalog.skuList(params.examId, params.country, params.hl, query),
  );
  mountEndpoint(app, bases, endpoints.skuInfo, ({ params, query }) =>
    catalog.skuInfo(params.examId, params.skuId, params.country, params.hl, query),
  );
  mountEndpoint(app, bases, endpoints.orderCountryList, () => catalog.countries());
  mountEndpoint(app, bases, endpoints.paymentMethodList, async ({ params }) => {
    await catalog.requireCatalog(params.examId);
    return { methods: deps.providers.methods() };
  });
  mountEndpoint(app, bases, endpoints.orderSkuCheck, ({ params, query, req }) =>
    payments.orderCheckout(params.orderNumber, readerOf(req, query.token)),
  );
  mountEndpoint(app, bases, endpoints.promoCheck, async ({ body, req }) => {
    await limits.consume(PROMO_RULES, req.ip, clock.now());
    return catalog.promoCheck(body.orderNumber, body.code);
  });
  mountEndpoint(app, bases, endpoints.createPayment, ({ body, req }) =>
    payments.create(body, readerOf(req, body.token)),
  );
  mountEndpoint(app, bases, endpoints.checkPaymentStatus, ({ body }) =>
    payments.check(body.orderNumber, body.paymentId),
  );

  // Webhooks are verified over the exact bytes the processor signed: this scope keeps the body raw.
  void app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: 256 * 1024 }, (_req, body, done) =>
      done(null, body),
    );
    scope.post<{ Params: { provider: string } }>(`${bases.pay}/pay/webhook/:provider`, async (req, reply) => {
      const raw = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
      const result = await payments.webhook(req.params.provider, raw, req.headers);
      return reply.send({ result: 200, data: result });
    });
  });
}
