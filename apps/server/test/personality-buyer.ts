import { PERSONALITY_ITEMS } from '@mindgauge/psychometrics';
import { expect } from 'vitest';
import { createBody, payInFrame } from './checkout-helpers';
import type { TestApp } from './test-app';

export const PERSONALITY_COOKIE = 'IQ-exam-1800';

/** How far a made-up person leans on each axis (negative: the second pole's side after keying). */
export type Leaning = Record<'EI' | 'SN' | 'TF' | 'JP', number>;

/** A person leaning I, N, T and J, with some spread. */
export const INTJ_LEANING: Leaning = { EI: -1.4, SN: -0.9, TF: 1.2, JP: 1.5 };

/** The answer to statement i of a person with this leaning (never a long run of one answer). */
export function answerOf(i: number, lean: Leaning = INTJ_LEANING): number {
  const item = PERSONALITY_ITEMS[i] as (typeof PERSONALITY_ITEMS)[number];
  const wobble = [0, 1, -1, 0, 1, 0, -1, 1][i % 8] as number;
  return Math.min(4, Math.max(0, Math.round(2 + item.keying * (lean[item.axis as keyof Leaning] ?? 0) + wobble * 0.6)));
}

/** The personality questionnaire and its paid tiers, walked through the API as the browser does. */
export function personalityBuyer(app: () => TestApp) {
  const post = (url: string, payload: unknown, cookies: Record<string, string> = {}) =>
    app().app.inject({ method: 'POST', url, payload: payload as object, cookies });
  const get = (url: string, cookies: Record<string, string> = {}) => app().app.inject({ method: 'GET', url, cookies });

  /** The questionnaire answered through the API: its session (the browser's cookie) and its order. */
  async function takeTest(hl = 'en', lean: Leaning = INTJ_LEANING) {
    const start = await post(`/api/exam/session/start/1800/${hl}`, { restart: true });
    expect(start.statusCode, start.body).toBe(200);
    // The session rides only in the questionnaire's own cookie; the calls name the exam, never the session.
    const sessionId = start.cookies.find((c) => c.name === PERSONALITY_COOKIE)?.value as string;
    const cookies = { [PERSONALITY_COOKIE]: sessionId };
    for (const [i, it] of PERSONALITY_ITEMS.entries()) {
      const res = await post(
        '/api/exam/session/answer',
        {
          examId: 1800,
          itemId: it.id,
          choice: answerOf(i, lean),
          timeMs: 4000,
          firstChoiceMs: 3000,
          changes: 0,
          focusLosses: 0,
        },
        cookies,
      );
      expect(res.statusCode, res.body).toBe(200);
    }
    expect((await post('/api/exam/session/confirm', { examId: 1800 }, cookies)).statusCode).toBe(200);
    const order = await post('/api/exam/order/info', { examId: 1800 }, cookies);
    expect(order.json().data.outcome, order.body).toBe('type');
    return {
      sessionId,
      cookies,
      orderNumber: order.json().data.orderNumber as string,
      type: order.json().data.personality.type as string,
    };
  }

  /** A personality tier bought with the sandbox card from the browser that took the test. */
  async function buy(skuId: 'sku1' | 'sku2', hl = 'en', email = 'typed@example.com', lean: Leaning = INTJ_LEANING) {
    const taken = await takeTest(hl, lean);
    const cookies = { [PERSONALITY_COOKIE]: taken.sessionId };
    const info = await get(`/api/exam/sku/info/1800/${skuId}/US/${hl}?order=${taken.orderNumber}`);
    expect(info.statusCode, info.body).toBe(200);
    const price = info.json().data.sku.price;
    const created = await post(
      '/api-pay/pay/order/create',
      createBody(taken.orderNumber, price, { skuId, email, hl }),
      cookies,
    );
    expect(created.statusCode, created.body).toBe(200);
    await payInFrame(app(), created.json().data.next.url, '4242424242424242');
    const status = await post('/api-pay/pay/check/status', {
      orderNumber: taken.orderNumber,
      paymentId: created.json().data.payment.paymentId,
    });
    expect(status.json().data.orderStatus).toBe('paid');
    return { ...taken, cookies };
  }

  return { post, get, takeTest, buy };
}
