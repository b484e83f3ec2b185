import type { Locator, Page, Request } from 'playwright-core';
import { expect } from 'vitest';
import { answerKey, sessionIdOf } from './test-taker';

/**
 * Takes the test through the API in the page's own context (same cookie), answering like a person, and
 * leaves the visitor on the "result saved" step, as if they had just given their e-mail.
 */
export interface Answering {
  choice: (i: number, k: { id: string; answerIndex: number }) => number;
}

/** Like a person who knows most early answers. */
export const knowing: Answering = { choice: (i, k) => (i < 21 ? k.answerIndex : (k.answerIndex + 1) % 6) };
/** Tried, at a normal pace, and found every puzzle hard: chance level, the below-range outcome. */
export const struggling: Answering = { choice: (i, k) => (k.answerIndex + 1 + (i % 5)) % 6 };

export async function finishTestViaApi(
  page: Page,
  hl: string,
  email = 'buyer@example.com',
  answering: Answering = knowing,
): Promise<string> {
  await page.goto(`/landing_page/test_center/IQB-1799?hl=${hl}`);
  const started = await page.request.post(`/api/exam/session/start/1799/${hl}`, { data: { restart: true } });
  expect(started.status()).toBe(200);
  const sessionId = await sessionIdOf(page);
  return finishSessionViaApi(page, sessionId, { email, hl, answering, keyOf: answerKey });
}

/**
 * Answers a started session through the API (each routed part from the key the server holds, then the next
 * part asked for), confirms it and gives the e-mail; returns the order number. `keyOf` reads the key from the
 * server's database (tests with a server of their own pass their own reader).
 */
export async function finishSessionViaApi(
  page: Page,
  sessionId: string,
  o: {
    email: string;
    hl: string;
    answering: Answering;
    keyOf: (sessionId: string) => { id: string; answerIndex: number }[];
  },
): Promise<string> {
  const done = new Set<string>();
  for (let part = 1; part <= 3; part++) {
    const key = o.keyOf(sessionId);
    for (const [i, k] of key.entries()) {
      if (done.has(k.id)) continue;
      done.add(k.id);
      const res = await page.request.post('/api/exam/session/answer', {
        data: {
          itemId: k.id,
          choice: o.answering.choice(i, k),
          timeMs: 26_000 + i * 600,
          firstChoiceMs: 12_000,
          changes: 0,
          focusLosses: 0,
        },
      });
      expect(res.status()).toBe(200);
    }
    if (key.length >= 30) break;
    const moved = await page.request.post('/api/exam/session/part/next', { data: { part } });
    expect(moved.status()).toBe(200);
  }
  // The session is the one in the page's cookie (page.request shares it); `sessionId` only reads the key.
  await page.request.post('/api/exam/session/confirm', { data: {} });
  const order = (await (await page.request.post('/api/exam/order/info', { data: {} })).json()).data;
  expect(order.outcome).toBe('order');
  const consent = { terms: true, termsVersion: '1', privacyVersion: '1' };
  const res = await page.request.post('/api/exam/order/update/email', {
    data: { orderNumber: order.orderNumber, email: o.email, consent, hl: o.hl },
  });
  expect(res.status()).toBe(200);
  return order.orderNumber as string;
}

/** Every request the page makes, with its body: to prove where card data goes (and where it never goes). */
export function recordRequests(page: Page): { url: string; body: string }[] {
  const log: { url: string; body: string }[] = [];
  const add = (r: Request) => log.push({ url: r.url(), body: r.postData() ?? '' });
  page.context().on('request', add);
  return log;
}

/** Types a card into the sandbox processor's frame and pays, as a person would. */
export async function payWithCard(page: Page, number: string): Promise<void> {
  const frame = page.frameLocator('iframe.sandbox-frame');
  // The frame has reported its height and been resized to it: the form no longer moves under the pointer
  // (a click computed before the resize would land beside the button).
  await page.locator('iframe.sandbox-frame[data-sized]').waitFor();
  await frame.locator('body main form').waitFor();
  await frame.getByLabel('Card number').fill(number);
  await frame.getByLabel(/Expiry/).fill('12/34');
  await frame.getByLabel(/Security code/).fill('123');
  expect(await frame.getByLabel('Card number').inputValue()).toBe(number);
  // From the keyboard, as many pay (no pointer position to go stale).
  await pressFrameButton(frame.getByRole('button', { name: /^Pay / }));
}

/**
 * Presses a button of the payment frame from the keyboard, with Space. A button acts on Space when the key is
 * released, the last event of the press; on Enter it acts as the key goes down, so the key's release was sent to
 * a frame already posting its form and replacing its document. Once in a full run Chromium never acknowledged that
 * release and the press waited out its 30 s (the Pay button; not reproduced alone in 260 tries, with or without
 * load). With Space no input follows the action that navigates the frame.
 */
export async function pressFrameButton(button: Locator): Promise<void> {
  await button.press('Space');
}

/** Waits for the page's heading, and tells what the payment frame showed when it never comes. */
export async function expectHeading(page: Page, text: string, timeout = 20_000): Promise<void> {
  try {
    await expect.poll(() => page.locator('h1').first().textContent(), { timeout }).toBe(text);
  } catch (err) {
    const frame = page.frames().find((f) => f.url().includes('/sandbox-processor/'));
    const inside = frame ? await frame.content().catch(() => '(unreadable)') : '(no frame)';
    throw new Error(`${(err as Error).message}\nurl: ${page.url()}\nframe: ${inside.slice(0, 2000)}`);
  }
}

/** Buys a tier (sku2 unless told) for an order through the API and the sandbox processor's form. */
export async function buyViaApi(
  page: Page,
  orderNumber: string,
  email: string,
  skuId = 'sku2',
  examId = 1799,
): Promise<void> {
  const info = await (
    await page.request.get(`/api/exam/sku/info/${examId}/${skuId}/US/en?order=${orderNumber}`)
  ).json();
  const price = info.data.sku.price as { amount: number; currency: string };
  const created = await page.request.post('/api-pay/pay/order/create', {
    data: {
      orderNumber,
      skuId,
      country: 'US',
      method: 'card',
      email,
      promoCode: null,
      checkoutKey: `e2e_${orderNumber.slice(2, 20)}`,
      shownAmount: price.amount,
      shownCurrency: price.currency,
      consent: { terms: true, termsVersion: '1' },
      hl: 'en',
    },
  });
  const { payment, next } = (await created.json()).data as { payment: { paymentId: string }; next: { url: string } };
  await page.request.post(next.url.replace(/\?.*/, '/confirm'), {
    form: { number: '4242424242424242', expiry: '12/34', cvc: '123' },
  });
  await expect
    .poll(async () => {
      const res = await page.request.post('/api-pay/pay/check/status', {
        data: { orderNumber, paymentId: payment.paymentId },
      });
      return (await res.json()).data.orderStatus;
    })
    .toBe('paid');
}

/** The newest message to an address in the local mailbox, once it has arrived. */
export async function latestMail(page: Page, to: string, subject?: RegExp): Promise<{ subject: string; text: string }> {
  let found: { subject: string; text: string } | undefined;
  await expect
    .poll(async () => {
      const box = (await (await page.request.get('/dev/mailbox/messages.json')).json()) as {
        to: string;
        subject: string;
        text: string;
      }[];
      found = box.find((m) => m.to === to && (!subject || subject.test(m.subject)));
      return found !== undefined;
    })
    .toBe(true);
  return found as { subject: string; text: string };
}
