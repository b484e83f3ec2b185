import { endpoints } from '@mindgauge/contract';
import type { FastifyInstance } from 'fastify';
import { type BasePaths, mountEndpoint } from '../../http/mount-endpoint';
import { AppError } from '../../lib/app-error';
import { readerOf } from '../exam/report-access';
import type { PaymentService } from '../payments/payment-service';
import type { ProviderRegistry } from '../payments/providers/provider-registry';
import type { PlanCatalog, PlanOrder } from './plan-catalog';
import type { SubscriptionService } from './subscription-service';

/** Plans, the plan checkout, and cancelling (by address, or by an e-mail's one-click link). */
export function subscriptionRoutes(
  app: FastifyInstance,
  bases: BasePaths,
  deps: {
    plans: PlanCatalog;
    payments: PaymentService;
    subscriptions: SubscriptionService;
    providers: ProviderRegistry;
    /** The exam module's orders: a plan list shown for an order keeps its prices (decision 0038). */
    findOrder(orderNumber: string): Promise<PlanOrder | undefined>;
  },
): void {
  const { plans, payments, subscriptions, providers } = deps;

  mountEndpoint(app, bases, endpoints.planList, async ({ params, query }) => {
    const order = query.order ? await deps.findOrder(query.order) : undefined;
    if (query.order && !order) throw new AppError('ORDER_NOT_FOUND');
    return plans.list(params.examId, params.country, params.hl, providers.recurringMethods(), order);
  });
  mountEndpoint(app, bases, endpoints.secondPhasePlanList, ({ params, query, locale }) =>
    plans.list(params.examId, params.country, query.hl ?? locale, providers.recurringMethods()),
  );
  mountEndpoint(app, bases, endpoints.createPlanPayment, ({ body, req }) =>
    payments.createPlan(body, readerOf(req, body.token)),
  );
  mountEndpoint(app, bases, endpoints.unsubscribeCheckEmail, ({ body, req }) =>
    subscriptions.checkEmail(body.email, req.ip, body.hl),
  );
  mountEndpoint(app, bases, endpoints.unsubscribeCancel, ({ body, req }) => subscriptions.cancel(body, req.ip));
  mountEndpoint(app, bases, endpoints.subscriptionInfo, ({ params, query }) =>
    subscriptions.info(params.subscriptionId, query.token),
  );
}
