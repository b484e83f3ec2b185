import { createHash } from 'node:crypto';
import { AD_CLICK_PARAMS, majorAmount } from '@mindgauge/contract';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { Database } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import type { ExamOrders } from '../exam/exam-orders';
import type { RateLimiter } from '../rate-limit/consume-rate-limit';
import type { ConversionProvider, Purchase } from './conversion-provider';
import type { ConversionsRepository } from './conversions-repository';

export interface ConversionsDeps {
  repo: ConversionsRepository;
  /** The configured providers (none: the whole feature is off). */
  providers: readonly ConversionProvider[];
  exams: Pick<ExamOrders, 'findOrder'>;
  /** Rate limits (the rate-limit module's handle). */
  db: Kysely<Database>;
  /** Rate limits (the rate-limit module). */
  limits: RateLimiter;
  clock: Clock;
  maxAttempts: number;
  fetch?: typeof fetch;
  /** Rows were queued outside the paid transition: the worker may run now. */
  onQueued?: () => void;
  log?: { warn: (obj: object, msg: string) => void };
}

export interface AttributionInput {
  orderNumber: string;
  logid: string;
  clickIds: Record<string, string | undefined>;
  pageUrl?: string | undefined;
}

/** What a paid payment tells the outbox (the paid transition's event, reduced to what is sent). */
export interface PaidPurchase {
  orderNumber: string;
  skuId: string;
  currency: string;
  amountMinor: number;
  email: string;
  paidAt: number;
}

const ZStoredPurchase = z.object({
  eventId: z.string(),
  paidAt: z.number(),
  orderNumber: z.string(),
  value: z.number(),
  currency: z.string(),
  contentId: z.string(),
  emailSha256: z.nullable(z.string()),
  clickIds: z.record(z.string(), z.string()),
  pageUrl: z.nullable(z.string()),
  userAgent: z.nullable(z.string()),
});

const PER_IP = { name: 'attribution:ip', max: 30, windowMs: 10 * 60_000 };
const LEASE_MS = 60_000;
const SEND_TIMEOUT_MS = 10_000;

export const hashEmail = (email: string) => createHash('sha256').update(email.trim().toLowerCase()).digest('hex');

/** Wait before the next attempt: 30 s, 2 min, 4.5 min … (a provider's outage passes; a bad token does not). */
export const retryDelayMs = (attempts: number) => 30_000 * attempts * attempts;

/**
 * Server-side conversions (issue 20, decision 0032): the purchase is sent from the server to each configured
 * provider's conversion API with the pixel's event id, so that a blocked pixel does not lose the sale and the
 * provider counts it once. The eligibility rule is the pixels': the provider is configured, its click
 * identifier came with the visit, and a log id exists. What the browser knew arrives with ad consent only
 * (the browser sends it only then); the paid transition queues one outbox row per provider in its own
 * transaction, and a background worker sends them: a provider's outage never holds a payment back.
 */
export function conversionsService(d: ConversionsDeps) {
  const send = d.fetch ?? fetch;
  const enabled = d.providers.length > 0;
  const byId = new Map(d.providers.map((p) => [p.id, p]));

  const service = {
    enabled,

    /** The buyer's browser names its log id and click ids (with ad consent); only for its own order. */
    async recordAttribution(
      input: AttributionInput,
      who: { sessionId: string | undefined; ip: string; userAgent: string | undefined },
    ): Promise<{ recorded: boolean }> {
      const now = d.clock.now();
      await d.limits.consume(PER_IP, who.ip, now);
      const order = await d.exams.findOrder(input.orderNumber);
      if (!order) throw new AppError('ORDER_NOT_FOUND');
      if (who.sessionId === undefined || who.sessionId !== order.session_id) throw new AppError('ORDER_ACCESS_DENIED');
      // Off unless configured: nothing about the visit is kept when no provider would receive it.
      if (!enabled) return { recorded: false };
      const clickIds = Object.fromEntries(
        Object.entries(input.clickIds).filter((e): e is [string, string] => typeof e[1] === 'string'),
      );
      await d.repo.saveAttribution({
        order_number: order.order_number,
        logid: input.logid,
        click_ids: JSON.stringify(clickIds),
        page_url: input.pageUrl ?? null,
        user_agent: who.userAgent?.slice(0, 512) ?? null,
        created_at: now,
      });
      // Told only after the payment (the success page): queued now; the outbox keeps it once per provider.
      if (order.status === 'paid' && order.sku_id && order.currency && order.amount_minor !== null) {
        const queued = await service.enqueuePurchase(d.repo, {
          orderNumber: order.order_number,
          skuId: order.sku_id,
          currency: order.currency,
          amountMinor: order.amount_minor,
          email: order.email ?? '',
          paidAt: order.paid_at ?? now,
        });
        if (queued > 0) d.onQueued?.();
      }
      return { recorded: true };
    },

    /**
     * Inside the paid transaction (with its repository): one row per eligible provider, so the purchase is
     * sent exactly when the order is paid, never twice for one order and provider.
     */
    async enqueuePurchase(repo: ConversionsRepository, p: PaidPurchase): Promise<number> {
      if (!enabled) return 0;
      const attribution = await repo.findAttribution(p.orderNumber);
      if (!attribution) return 0;
      const clickIds = z.record(z.string(), z.string()).parse(JSON.parse(attribution.click_ids));
      let queued = 0;
      for (const provider of d.providers) {
        if (!AD_CLICK_PARAMS[provider.id].some((param) => clickIds[param])) continue;
        const purchase: Purchase = {
          eventId: attribution.logid,
          paidAt: p.paidAt,
          orderNumber: p.orderNumber,
          value: majorAmount(p.amountMinor, p.currency),
          currency: p.currency,
          contentId: p.skuId,
          emailSha256: p.email ? hashEmail(p.email) : null,
          clickIds,
          pageUrl: attribution.page_url,
          userAgent: attribution.user_agent,
        };
        await repo.enqueue({
          provider: provider.id,
          event_id: attribution.logid,
          order_number: p.orderNumber,
          payload: JSON.stringify(purchase),
          status: 'pending',
          attempts: 0,
          next_attempt_at: p.paidAt,
          locked_until: null,
          last_error: null,
          sent_at: null,
          created_at: p.paidAt,
        });
        queued++;
      }
      return queued;
    },

    /** One worker pass: sends what is due; returns how many were sent. */
    async sendDue(limit = 20): Promise<number> {
      const now = d.clock.now();
      let sent = 0;
      for (const row of await d.repo.claimBatch(now, LEASE_MS, limit)) {
        const id = row.id;
        const provider = byId.get(row.provider as ConversionProvider['id']);
        const fail = (error: string) => {
          const failed = row.attempts >= d.maxAttempts || provider === undefined;
          d.log?.warn({ provider: row.provider, orderNumber: row.order_number, error }, 'conversion not sent');
          return d.repo.markRetry(id, now + retryDelayMs(row.attempts), error.slice(0, 500), failed);
        };
        if (!provider) {
          await fail('provider no longer configured');
          continue;
        }
        const request = provider.request(ZStoredPurchase.parse(JSON.parse(row.payload)));
        try {
          const res = await send(request.url, {
            method: 'POST',
            headers: { 'content-type': 'application/json', ...request.headers },
            body: JSON.stringify(request.body),
            signal: AbortSignal.timeout(SEND_TIMEOUT_MS),
          });
          if (res.ok) {
            await d.repo.markSent(id, d.clock.now());
            sent++;
          } else {
            await fail(`HTTP ${res.status}: ${(await res.text()).slice(0, 200)}`);
          }
        } catch (err) {
          await fail(err instanceof Error ? err.message : String(err));
        }
      }
      return sent;
    },
  };
  return service;
}
export type ConversionsService = ReturnType<typeof conversionsService>;
