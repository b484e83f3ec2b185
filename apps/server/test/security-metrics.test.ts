import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buyTier } from './checkout-helpers';
import { createTestApp, dialects, type TestApp } from './test-app';

const TOKEN = 'metrics-token-0123456789';

/** Issue 13, "Low": /metrics in Prometheus format, off by default, protected by a bearer token. */
describe.each(dialects())('/metrics, on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect, { env: { METRICS_TOKEN: TOKEN } });
  });
  afterAll(() => t.close());

  it('does not exist unless METRICS_TOKEN is set', async () => {
    const off = await createTestApp(dialect);
    try {
      const res = await off.app.inject({
        method: 'GET',
        url: '/metrics',
        headers: { authorization: `Bearer ${TOKEN}` },
      });
      expect(res.statusCode).toBe(404);
    } finally {
      await off.close();
    }
  });

  it('answers only with the token, in the text format, by route pattern (no order numbers nor tokens)', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(404);
    const wrong = await t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: 'Bearer nope' } });
    expect(wrong.statusCode).toBe(404);

    const { order, token } = await buyTier(t, 'sku2', 'metrics@example.com');
    await t.app.inject({ method: 'GET', url: `/api/exam/order/info/${order}?token=${token}` });
    const res = await t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/plain; version=0.0.4');
    const body = res.body;
    expect(body).toMatch(
      /^mindgauge_http_requests_total\{method="GET",route="\/api\/exam\/order\/info\/:orderNumber",status="2xx"\} [1-9]\d*$/m,
    );
    expect(body).toMatch(
      /^mindgauge_http_request_duration_seconds_sum\{method="POST",route="\/api-pay\/pay\/order\/create",status="2xx"\} \d+\.\d+$/m,
    );
    expect(body).toMatch(/^mindgauge_payments\{status="succeeded"\} [1-9]\d*$/m);
    // The report e-mail is queued or already sent by the worker the payment kicked.
    expect(body).toMatch(/^mindgauge_mail_outbox\{status="(pending|sending|sent)"\} [1-9]\d*$/m);
    expect(body).toMatch(/^mindgauge_subscriptions_due \d+$/m);
    expect(body).not.toContain(order);
    expect(body).not.toContain(token);
  });
});
