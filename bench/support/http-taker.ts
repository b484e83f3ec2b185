import Database from 'better-sqlite3';

/** A person's test through the real server's HTTP API, answering as someone who knows (the key from its DB). */
export function httpTaker(base: string, dbPath: string) {
  const json = async (method: string, path: string, body?: unknown) => {
    const res = await fetch(`${base}${path}`, {
      method,
      headers: body ? { 'content-type': 'application/json' } : {},
      body: body ? JSON.stringify(body) : undefined,
    });
    return (await res.json()) as { data: Record<string, unknown> };
  };
  const read = <T>(sql: string, arg: string): T => {
    const db = new Database(dbPath, { readonly: true, fileMustExist: true });
    try {
      return db.prepare(sql).get(arg) as T;
    } finally {
      db.close();
    }
  };

  return {
    json,
    /** 30 answers (most early ones right), confirmation, order: the new order's number. */
    async takeTest(hl = 'en'): Promise<string> {
      const start = await json('GET', `/api/exam/question/list/1799/${hl}?restart=1`);
      const sessionId = start.data.sessionId as string;
      const key = JSON.parse(
        read<{ scoring_key: string }>('select scoring_key from exam_sessions where id = ?', sessionId).scoring_key,
      ) as { items: { id: string; answerIndex: number }[] };
      for (const [i, k] of key.items.entries()) {
        await json('POST', '/api/exam/session/answer', {
          sessionId,
          itemId: k.id,
          choice: i < 20 ? k.answerIndex : (k.answerIndex + 1 + (i % 5)) % 6,
          timeMs: 25_000 + i * 700,
          firstChoiceMs: 12_000,
          changes: 0,
          focusLosses: 0,
        });
      }
      await json('POST', '/api/exam/session/confirm', { sessionId });
      const order = await json('POST', '/api/exam/order/info', { sessionId });
      if (order.data.outcome !== 'order') throw new Error('the bench session was judged abnormal');
      return order.data.orderNumber as string;
    },
    /** Pays a tier with the sandbox card 4242; returns the report link's token from the report e-mail. */
    async pay(orderNumber: string, skuId = 'sku2'): Promise<string> {
      const sku = await json('GET', `/api/exam/sku/info/1799/${skuId}/US/en?order=${orderNumber}`);
      const price = (sku.data.sku as { price: { amount: number; currency: string } }).price;
      const created = await json('POST', '/api-pay/pay/order/create', {
        orderNumber,
        skuId,
        country: 'US',
        method: 'card',
        email: 'bench@example.com',
        promoCode: null,
        checkoutKey: `bench_pay_${orderNumber.slice(2, 14)}`,
        shownAmount: price.amount,
        shownCurrency: price.currency,
        consent: { terms: true, termsVersion: '1' },
        hl: 'en',
      });
      const frame = (created.data.next as { url: string }).url;
      await fetch(`${base}${frame.replace(/\?.*/, '')}/confirm?hl=en`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: 'number=4242424242424242&expiry=12%2F34&cvc=123',
      });
      await json('POST', '/api-pay/pay/check/status', { orderNumber });
      const mail = read<{ payload: string }>(
        'select payload from mail_outbox where dedupe_key = ?',
        `report-ready:${orderNumber}`,
      );
      return new URL(JSON.parse(mail.payload).reportUrl).searchParams.get('token') ?? '';
    },
  };
}
