import http from 'node:http';
import zlib from 'node:zlib';
import Database from 'better-sqlite3';
import { exchange, type RawAnswer } from '../lib';

/** How a bench reaches the server: its API, the sandbox frame's card form, and the two rows it reads. */
export interface TakerTransport {
  /**
   * One API call. `cookie` is the Cookie header to send; the answer's `cookie` is the test session's cookie
   * (`IQ-exam=…`) when the server set one: the session id travels only there, never in JSON or bodies.
   */
  json(
    method: string,
    path: string,
    body?: unknown,
    cookie?: string,
    /** `unread`: the answer is received whole but its data is not needed (the cookie still is). */
    options?: { unread?: boolean },
  ): Promise<TakerAnswer>;
  /** Posts a form (the sandbox processor's card frame) and ignores the answer. */
  form(path: string, body: string): Promise<void>;
  /** The scoring key of a test session (JSON), read from the server's database. */
  scoringKey(sessionId: string): Promise<string>;
  /** The validity screen a session was stored with (JSON), to say why a test was refused a result. */
  validity?(sessionId: string): Promise<string>;
  /** The payload (JSON) of an order's report e-mail, read from the server's outbox. */
  reportMail(orderNumber: string): Promise<string>;
}

export interface TakerAnswer {
  data: Record<string, unknown>;
  cookie?: string | undefined;
}

/** The `IQ-exam=…` pair among Set-Cookie headers, if the server set the test session's cookie. */
export function sessionCookieOf(setCookies: readonly string[]): string | undefined {
  return setCookies.find((c) => c.startsWith('IQ-exam='))?.split(';')[0];
}

/** One value read from the server's database: the first column of the first row (`?` is the argument). */
export type DbRead = (sql: string, arg: string) => Promise<string>;

/** A running server over HTTP, and its SQLite file. */
export function httpTransport(base: string, dbPath: string): TakerTransport {
  const read: DbRead = async (sql, arg) => {
    const db = new Database(dbPath, { readonly: true, fileMustExist: true });
    try {
      return Object.values(db.prepare(sql).get(arg) as Record<string, string>)[0] ?? '';
    } finally {
      db.close();
    }
  };
  return httpTransportWith(() => base, read);
}

/**
 * The load generator's HTTP client: node:http with kept-alive connections. Node's fetch (undici) cost the
 * bench about 20 ms of CPU a visitor (web streams, abort signals, its own decompression), as much as a third of
 * what the server spent: on a machine whose two cores the client shares with the server, the client's cost
 * was measured as the server's slowness.
 */
const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });

function decoded(a: RawAnswer): string {
  const bytes =
    a.encoding === 'br'
      ? zlib.brotliDecompressSync(a.body)
      : a.encoding === 'gzip'
        ? zlib.gunzipSync(a.body)
        : a.encoding === 'deflate'
          ? zlib.inflateSync(a.body)
          : a.body;
  return bytes.toString('utf8');
}

/**
 * Servers over HTTP (`baseOf` picks the server of each call: several instances behind one client, round
 * robin) and their database read by `read` (SQLite or PostgreSQL).
 */
export function httpTransportWith(baseOf: () => string, read: DbRead): TakerTransport {
  return {
    async json(method, path, body, cookie, options) {
      const payload = body ? JSON.stringify(body) : undefined;
      const answer = await exchange(`${baseOf()}${path}`, {
        method,
        agent,
        body: payload,
        headers: {
          // What a browser sends (Chrome's list): the server compresses large answers (a test form) with brotli
          // for it, as it does for every visitor.
          'accept-encoding': 'gzip, deflate, br, zstd',
          ...(payload
            ? { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(payload)) }
            : {}),
          ...(cookie ? { cookie } : {}),
        },
      });
      // A refused call fails the visitor (and the bench says which call): a lost answer would otherwise
      // show up only later, as an unanswered item in the score.
      if (answer.status < 200 || answer.status > 299)
        throw new Error(`${method} ${path} answered ${answer.status}: ${decoded(answer).slice(0, 300)}`);
      const cookieSet = sessionCookieOf(answer.setCookies);
      // The whole answer was received (what the server spent); a visitor's data is read only where it is used.
      if (options?.unread) return { data: {}, cookie: cookieSet };
      const json = JSON.parse(decoded(answer)) as { data: Record<string, unknown> };
      return { data: json.data, cookie: cookieSet };
    },
    async form(path, body) {
      await exchange(`${baseOf()}${path}`, {
        method: 'POST',
        agent,
        body,
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          'content-length': String(Buffer.byteLength(body)),
        },
      });
    },
    scoringKey: (sessionId) => read('select scoring_key from exam_sessions where id = ?', sessionId),
    validity: (sessionId) => read('select validity from exam_sessions where id = ?', sessionId),
    reportMail: (order) => read('select payload from mail_outbox where dedupe_key = ?', `report-ready:${order}`),
  };
}

/** A person's test and payment through the server's API, answering as someone who knows (the key from its DB). */
export function taker(t: TakerTransport) {
  // The visitor's cookie jar: the test session's cookie is what makes them the session's and order's owner.
  let cookie = '';
  async function json(
    method: string,
    path: string,
    body?: unknown,
    options?: { unread?: boolean },
  ): Promise<TakerAnswer> {
    const answer = await t.json(method, path, body, cookie || undefined, options);
    if (answer.cookie) cookie = answer.cookie;
    return answer;
  }
  return {
    json,
    /** The visitor's Cookie header (the test session's cookie), for a request made outside the taker. */
    cookieHeader: () => cookie,
    /** 30 answers (most early ones right), confirmation, order: the new order's number. */
    async takeTest(hl = 'en'): Promise<string> {
      // The test's form comes with the start and with each part (150 KB of JSON): received whole, not parsed.
      await json('POST', `/api/exam/session/start/1799/${hl}`, { restart: true }, { unread: true });
      const sessionId = decodeURIComponent(cookie.slice('IQ-exam='.length));
      // A routed test: each part is answered from the key the server holds, then the next part is asked for.
      const done = new Set<string>();
      for (let part = 1; part <= 3; part++) {
        const key = JSON.parse(await t.scoringKey(sessionId)) as { items: { id: string; answerIndex: number }[] };
        for (const [i, k] of key.items.entries()) {
          if (done.has(k.id)) continue;
          done.add(k.id);
          await json('POST', '/api/exam/session/answer', {
            itemId: k.id,
            choice: i < 20 ? k.answerIndex : (k.answerIndex + 1 + (i % 5)) % 6,
            timeMs: 25_000 + i * 700,
            firstChoiceMs: 12_000,
            changes: 0,
            focusLosses: 0,
          });
        }
        if (key.items.length >= 30) break;
        await json('POST', '/api/exam/session/part/next', { part });
        // As the web app does: the question list again, with the new part's questions.
        await json('GET', `/api/exam/question/list/1799/${hl}`, undefined, { unread: true });
      }
      await json('POST', '/api/exam/session/confirm', {});
      const order = await json('POST', '/api/exam/order/info', {});
      if (order.data.outcome !== 'order') {
        const why = (await t.validity?.(sessionId)) ?? '';
        throw new Error(`the bench session got the outcome '${String(order.data.outcome)}', not an order ${why}`);
      }
      return order.data.orderNumber as string;
    },
    /** Pays a tier with the sandbox card 4242; returns the report link's token from the report e-mail. */
    async pay(orderNumber: string, skuId = 'sku2', hl = 'en', email = 'bench@example.com'): Promise<string> {
      const sku = await json('GET', `/api/exam/sku/info/1799/${skuId}/US/${hl}?order=${orderNumber}`);
      const price = (sku.data.sku as { price: { amount: number; currency: string } }).price;
      const created = await json('POST', '/api-pay/pay/order/create', {
        orderNumber,
        skuId,
        country: 'US',
        method: 'card',
        email,
        promoCode: null,
        checkoutKey: `bench_pay_${orderNumber.slice(2, 14)}`,
        shownAmount: price.amount,
        shownCurrency: price.currency,
        consent: { terms: true, termsVersion: '1' },
        hl,
      });
      const frame = (created.data.next as { url: string }).url;
      await t.form(`${frame.replace(/\?.*/, '')}/confirm?hl=en`, 'number=4242424242424242&expiry=12%2F34&cvc=123');
      await json('POST', '/api-pay/pay/check/status', { orderNumber });
      return new URL(JSON.parse(await t.reportMail(orderNumber)).reportUrl).searchParams.get('token') ?? '';
    },
  };
}

/** A running server over HTTP. */
export const httpTaker = (base: string, dbPath: string) => taker(httpTransport(base, dbPath));
