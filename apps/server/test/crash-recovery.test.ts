import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { ScoringKey } from '@mindgauge/psychometrics';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../src/config/env';
import { type StripeStandIn, startStripeStandIn } from './fakes/stripe-stand-in';

const SECRET = 'whsec_crash_0123456789';

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => resolve(port));
    });
  });
}

/**
 * The server process is killed (SIGKILL: no shutdown hook runs) after the payment was created and while
 * the processor charges the card; the webhook cannot reach it. Restarted on the same database, it
 * reconciles with the processor and the order ends paid, once, with one report e-mail.
 */
describe('crash between the processor’s charge and our write', () => {
  let dir: string;
  let port: number;
  let stripe: StripeStandIn;
  let child: ChildProcess | undefined;
  const base = () => `http://127.0.0.1:${port}`;

  async function startServer(): Promise<void> {
    // Node itself with the tsx loader (not the tsx CLI, which would survive as a parent): SIGKILL hits the server.
    child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/server.ts'], {
      cwd: REPO_ROOT,
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATABASE_URL: `sqlite:${path.join(dir, 'db.sqlite')}`,
        SERVE_WEB: 'false',
        LOG_LEVEL: 'silent',
        CARD_PROVIDER: 'stripe',
        STRIPE_SECRET_KEY: 'sk_test_crash',
        STRIPE_PUBLISHABLE_KEY: 'pk_test_crash',
        STRIPE_WEBHOOK_SECRET: SECRET,
        STRIPE_API_BASE: stripe.apiBase,
        PAYMENT_RECONCILE_INTERVAL_MS: '1000',
        RATE_LIMIT_MAX: '100000',
      },
      stdio: 'ignore',
    });
    for (let i = 0; i < 200; i++) {
      try {
        if ((await fetch(`${base()}/healthz`)).ok) return;
      } catch {}
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error('server did not start');
  }

  // The browser's cookie jar: the test session's cookie is what makes it the order's owner.
  let cookie = '';
  const call = async (method: string, url: string, body?: unknown) => {
    const res = await fetch(`${base()}${url}`, {
      method,
      headers: { ...(body ? { 'content-type': 'application/json' } : {}), ...(cookie ? { cookie } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    const session = res.headers.getSetCookie().find((c) => c.startsWith('IQ-exam='));
    if (session) cookie = session.split(';')[0] ?? '';
    return { status: res.status, json: (await res.json()) as { data: Record<string, unknown> } };
  };

  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'mg-crash-'));
    port = await freePort();
    stripe = await startStripeStandIn({
      webhookSecret: SECRET,
      webhookUrl: `http://127.0.0.1:${port}/api-pay/pay/webhook/stripe`,
    });
    await startServer();
  }, 60_000);

  afterAll(async () => {
    child?.kill('SIGKILL');
    await stripe.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('ends paid once after a restart, by reconciliation, and the late webhook changes nothing', async () => {
    await call('POST', '/api/exam/session/start/1799/en', {});
    // The session id rides only in the cookie `call` keeps.
    const sessionId = decodeURIComponent(cookie.slice('IQ-exam='.length));
    const db = new Database(path.join(dir, 'db.sqlite'));
    // A routed test: each part is answered from the key the server holds, then the next part is asked for.
    const answered = new Set<string>();
    for (let part = 1; part <= 3; part++) {
      const key = JSON.parse(
        (db.prepare('select scoring_key from exam_sessions where id = ?').get(sessionId) as { scoring_key: string })
          .scoring_key,
      ) as ScoringKey;
      for (const [i, k] of key.items.entries()) {
        if (answered.has(k.id)) continue;
        answered.add(k.id);
        await call('POST', '/api/exam/session/answer', {
          itemId: k.id,
          choice: i < 20 ? k.answerIndex : (k.answerIndex + 2) % 6,
          timeMs: 24_000,
          firstChoiceMs: 11_000,
          changes: 0,
          focusLosses: 0,
        });
      }
      if (part < 3) await call('POST', '/api/exam/session/part/next', { part });
    }
    await call('POST', '/api/exam/session/confirm', {});
    const orderNumber = (await call('POST', '/api/exam/order/info', {})).json.data.orderNumber as string;
    await call('GET', `/api/exam/order/sku/check/${orderNumber}`);
    const sku = (await call('GET', `/api/exam/sku/info/1799/sku2/US/en?order=${orderNumber}`)).json.data.sku as {
      price: { amount: number; currency: string };
    };
    const created = await call('POST', '/api-pay/pay/order/create', {
      orderNumber,
      skuId: 'sku2',
      country: 'US',
      method: 'card',
      email: 'crash@example.com',
      promoCode: null,
      checkoutKey: 'crash_key_0123456789',
      shownAmount: sku.price.amount,
      shownCurrency: sku.price.currency,
      consent: { terms: true, termsVersion: '2026-01' },
      hl: 'en',
    });
    expect(created.status).toBe(200);
    const pi = (created.json.data.next as { clientSecret: string }).clientSecret.split('_secret')[0] as string;

    child?.kill('SIGKILL');
    await new Promise((r) => child?.once('exit', r));
    stripe.confirm(pi, '4242424242424242');
    expect(await stripe.deliverPending()).toBe(0);

    const status = () =>
      (db.prepare('select status from exam_orders where order_number = ?').get(orderNumber) as { status: string })
        .status;
    expect(status()).toBe('pending_payment');

    await startServer();
    await expect.poll(status, { timeout: 20_000, interval: 250 }).toBe('paid');
    expect(await stripe.deliverPending()).toBeGreaterThanOrEqual(1);
    const mails = db
      .prepare("select count(*) as n from mail_outbox where template = 'reportReady' and payload like ?")
      .get(`%${orderNumber}%`) as { n: number };
    expect(mails.n).toBe(1);
    const payments = db.prepare('select status from payments where order_number = ?').all(orderNumber);
    expect(payments).toEqual([{ status: 'succeeded' }]);
    db.close();
  }, 60_000);
});
