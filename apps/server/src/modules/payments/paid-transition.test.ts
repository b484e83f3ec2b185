import { describe, expect, it } from 'vitest';
import type { TransactionRepositories } from '../../db/repositories';
import { paidTransition } from './paid-transition';
import type { PaymentRow } from './payment-repository';

/** The bus itself: phases in order, prepared reads handed to their own reaction, receipt parts merged. */
const payment = { id: 'p1', order_number: 'A1' } as PaymentRow;
const order = { order_number: 'A1', exam_id: 1 };
const repos = {} as TransactionRepositories;
const event = { payment, order, now: 1 };

describe('paid transition bus', () => {
  it('runs prepare before, then each reaction in the transaction with its own prepared value, then after commit', async () => {
    const bus = paidTransition();
    const seen: string[] = [];
    bus.on('extraPaid', {
      prepare: async () => {
        seen.push('prepare a');
        return 'read by a';
      },
      inTransaction: async (_e, _r, prepared) => {
        seen.push(`tx a (${prepared})`);
        return { giftUrl: 'https://example.test/gift' };
      },
    });
    bus.inTransaction('extraPaid', async () => {
      seen.push('tx b');
      return { vipUntil: 42 };
    });
    bus.afterCommit('extraPaid', (e) => {
      seen.push(`after ${e.payment.id}`);
    });
    // Another event's reactions are not run.
    bus.afterCommit('orderPaid', () => {
      seen.push('wrong event');
    });

    const steps = await bus.prepare('extraPaid', { payment, order });
    expect(seen).toEqual(['prepare a']);
    expect(await steps.inTransaction(event, repos)).toEqual({ giftUrl: 'https://example.test/gift', vipUntil: 42 });
    expect(seen).toEqual(['prepare a', 'tx a (read by a)', 'tx b']);
    await steps.afterCommit(event);
    expect(seen).toEqual(['prepare a', 'tx a (read by a)', 'tx b', 'after p1']);
  });

  it('an error in a reaction inside the transaction reaches the caller (which rolls the transition back)', async () => {
    const bus = paidTransition();
    bus.inTransaction('extraPaid', async () => {
      throw new Error('grant failed');
    });
    const steps = await bus.prepare('extraPaid', { payment, order });
    await expect(steps.inTransaction(event, repos)).rejects.toThrow('grant failed');
  });
});
