import type { FastifyBaseLogger } from 'fastify';
import { backgroundJob } from '../../lib/background-job';
import type { Clock } from '../../lib/clock';
import type { PaymentRepository } from './payment-repository';
import type { PaymentService } from './payment-service';

/** How far back open payments are checked with their processor. */
const LOOKBACK_MS = 3 * 86_400_000;
/** Attempts younger than this are still in the hands of the request that made them. */
const SETTLE_GRACE_MS = 5_000;

/**
 * Reconciliation with the processors, at start-up and on an interval: a server killed between a charge and
 * our write, or a webhook that never arrived, still ends with the order paid, once. Safe on every instance
 * at once: each step is idempotent (processor idempotency keys, guarded updates).
 */
export function paymentReconciler(d: {
  repo: PaymentRepository;
  payments: PaymentService;
  clock: Clock;
  intervalMs: number;
  log?: FastifyBaseLogger;
}) {
  async function pass(): Promise<number> {
    const now = d.clock.now();
    const open = await d.repo.unsettled(now - LOOKBACK_MS, now - SETTLE_GRACE_MS, 100);
    let done = 0;
    for (const p of open) {
      try {
        if (p.refund_status === 'pending') await d.payments.refundIfDuplicate(p.id);
        else await d.payments.sync(p);
        done++;
      } catch (err) {
        d.log?.warn({ err, payment: p.id }, 'reconciliation of a payment failed; retried next pass');
      }
    }
    return done;
  }
  return backgroundJob('payment reconciliation', pass, d.intervalMs, d.log);
}
