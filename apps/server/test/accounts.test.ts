import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buyTier,
  createBody,
  deliverMail,
  ownerPost,
  paidReadyOrder,
  post,
  readerCookie,
  shownPrice,
} from './checkout-helpers';
import { startTest } from './exam-session';
import { createTestApp, dialects, type TestApp } from './test-app';

const SITE = 'http://mindgauge.test';
const GOOD_PASSWORD = 'correct horse battery staple';
let ipCounter = 0;
/** A client address of its own, so per-client limits of one test do not reach another. */
const freshIp = () => `10.0.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}`;

describe.each(dialects())('accounts, on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(() => t.close());

  type Opts = { cookie?: string; ip?: string; headers?: Record<string, string> };
  const call = (method: 'GET' | 'POST', url: string, payload?: unknown, o: Opts = {}) =>
    t.app.inject({
      method,
      url,
      ...(payload !== undefined ? { payload: payload as object } : {}),
      remoteAddress: o.ip ?? '127.0.0.1',
      headers: { ...(o.cookie ? { cookie: `IQ-token=${o.cookie}` } : {}), ...o.headers },
    });
  const tokenOf = (res: LightMyRequestResponse) => res.cookies.find((c) => c.name === 'IQ-token')?.value ?? '';
  const me = async (cookie: string) => (await call('GET', '/api/user/get', undefined, { cookie })).json().data.user;

  /** The latest mail of a template to an address, as queued (its payload is what the e-mail says). */
  async function lastMail(template: string, to: string) {
    const rows = await t.deps.db.kysely
      .selectFrom('mail_outbox')
      .selectAll()
      .where('template', '=', template)
      .where('to_address', '=', to)
      .orderBy('id', 'desc')
      .execute();
    return rows[0] ? (JSON.parse(rows[0].payload) as Record<string, string>) : undefined;
  }
  /** The templates queued to an address, oldest first (PostgreSQL returns rows in no set order without one). */
  const mailCount = async (to: string) =>
    (
      await t.deps.db.kysely
        .selectFrom('mail_outbox')
        .select('template')
        .where('to_address', '=', to)
        .orderBy('id')
        .execute()
    ).map((r) => r.template);

  async function registered(email: string, password = GOOD_PASSWORD): Promise<string> {
    const ip = freshIp();
    const reg = await call(
      'POST',
      '/api/user/register',
      { name: 'Ada', email, password, agreement: true, hl: 'en' },
      {
        ip,
      },
    );
    expect(reg.statusCode, reg.body).toBe(200);
    const code = (await lastMail('accountCode', email))?.code;
    const verified = await call('POST', '/api/user/verify', { email, code, purpose: 'register' }, { ip });
    expect(verified.statusCode, verified.body).toBe(200);
    return tokenOf(verified);
  }

  it('registers with a code: same answer for a new and a known address, the e-mail says the rest', async () => {
    const body = (email: string) => ({ name: 'Ada', email, password: GOOD_PASSWORD, agreement: true, hl: 'en' });
    const fresh = await call('POST', '/api/user/register', body('New.Person@Example.com'), { ip: freshIp() });
    expect(fresh.statusCode, fresh.body).toBe(200);
    await registered('known@example.com');
    const again = await call('POST', '/api/user/register', body('known@example.com'), { ip: freshIp() });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(fresh.json());
    expect(await mailCount('new.person@example.com')).toEqual(['accountCode']);
    expect((await mailCount('known@example.com')).at(-1)).toBe('accountExists');
    // Not signed in by registering (that would tell a new address from a known one).
    expect(fresh.cookies.find((c) => c.name === 'IQ-token')).toBeUndefined();

    const code = (await lastMail('accountCode', 'new.person@example.com'))?.code ?? '';
    expect(code).toMatch(/^\d{6}$/);
    const verified = await call('POST', '/api/user/verify', {
      email: 'new.person@example.com',
      code,
      purpose: 'register',
    });
    expect(verified.statusCode, verified.body).toBe(200);
    expect(verified.json().data.user).toMatchObject({
      email: 'new.person@example.com',
      name: 'Ada',
      hasPassword: true,
    });
    const cookie = verified.cookies.find((c) => c.name === 'IQ-token');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(cookie?.secure).toBeFalsy();
    // At least 128 bits, and only its hash is stored.
    expect(Buffer.from(cookie?.value ?? '', 'base64url').length).toBeGreaterThanOrEqual(16);
    const stored = await t.deps.db.kysely.selectFrom('account_sessions').select('token_hash').execute();
    expect(stored.map((s) => s.token_hash)).not.toContain(cookie?.value);
    const hash = await t.deps.db.kysely
      .selectFrom('accounts')
      .select('password_hash')
      .where('email', '=', 'new.person@example.com')
      .executeTakeFirstOrThrow();
    expect(hash.password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect((await me(cookie?.value ?? '')).email).toBe('new.person@example.com');
    // The code worked once.
    const twice = await call('POST', '/api/user/verify', {
      email: 'new.person@example.com',
      code,
      purpose: 'register',
    });
    expect([twice.statusCode, twice.json().code]).toEqual([400, 'CODE_INVALID']);
  });

  it('refuses bad input with a 4xx and a stable code, never a 500', async () => {
    const reg = (over: Record<string, unknown>) =>
      call(
        'POST',
        '/api/user/register',
        { name: 'Ada', email: 'bad-input@example.com', password: GOOD_PASSWORD, agreement: true, hl: 'en', ...over },
        { ip: freshIp() },
      );
    const cases: [Promise<LightMyRequestResponse>, number, string][] = [
      [reg({ password: 'short1' }), 400, 'PASSWORD_TOO_SHORT'],
      [reg({ password: 'x'.repeat(129) }), 400, 'PASSWORD_TOO_LONG'],
      [reg({ password: 'password1234' }), 400, 'PASSWORD_TOO_COMMON'],
      [reg({ password: 'BaseBall' }), 400, 'PASSWORD_TOO_COMMON'],
      [reg({ agreement: false }), 400, 'VALIDATION_FAILED'],
      [reg({ name: '  ' }), 400, 'VALIDATION_FAILED'],
      [reg({ email: 'not-an-email' }), 400, 'VALIDATION_FAILED'],
      [reg({ hl: 'xx' }), 400, 'UNSUPPORTED_LANGUAGE'],
      [call('POST', '/api/user/login', { account: 'nope', password: 'x' }), 400, 'VALIDATION_FAILED'],
      [call('POST', '/api/user/login', { account: 'a@example.com' }), 400, 'VALIDATION_FAILED'],
      [
        call('POST', '/api/user/verify', { email: 'a@example.com', code: 'abc', purpose: 'reset' }),
        400,
        'CODE_INVALID',
      ],
      [
        call('POST', '/api/user/verify', { email: 'a@example.com', code: '123456', purpose: 'x' }),
        400,
        'VALIDATION_FAILED',
      ],
      [call('GET', '/api/email/captcha/send?email=a@example.com&purpose=reset'), 400, 'VALIDATION_FAILED'],
      [call('POST', '/api/user/login/link', { token: 'abcdefghijklmnop' }), 403, 'SIGNIN_LINK_INVALID'],
      [call('GET', '/api/user/order/list/AAAAAAAAAAAAAAAAAAAAAA'), 401, 'NOT_SIGNED_IN'],
      [call('GET', '/api/user/order/list/short'), 400, 'VALIDATION_FAILED'],
      [call('GET', '/api/user/isVIP'), 401, 'NOT_SIGNED_IN'],
      [call('GET', '/api/privilege/vip/detail'), 401, 'NOT_SIGNED_IN'],
      [call('GET', '/api/user/privilege'), 401, 'NOT_SIGNED_IN'],
      [call('GET', '/api/user/export'), 401, 'NOT_SIGNED_IN'],
      [
        call('POST', '/api/user/update', { nickname: null, phone: null, birthday: null, gender: null }),
        401,
        'NOT_SIGNED_IN',
      ],
      [call('POST', '/api/user/password/update', { newPassword: GOOD_PASSWORD }), 401, 'NOT_SIGNED_IN'],
      [call('POST', '/api/user/delete', {}), 401, 'NOT_SIGNED_IN'],
      [
        t.app.inject({
          method: 'POST',
          url: '/api/user/login',
          payload: '{"account":',
          headers: { 'content-type': 'application/json' },
        }),
        400,
        'MALFORMED_JSON',
      ],
    ];
    for (const [res, status, code] of cases) {
      const r = await res;
      expect([r.statusCode, r.json().code], `${r.raw.req.url} ${r.body}`).toEqual([status, code]);
    }
    // A long passphrase is welcome (no composition rules).
    expect((await reg({ password: `${'a long passphrase of words '.repeat(4)}ok`.slice(0, 128) })).statusCode).toBe(
      200,
    );
    // A visitor is nobody, not an error.
    expect((await call('GET', '/api/user/get')).json().data).toEqual({ user: null });

    const cookie = await registered('profile@example.com');
    const update = (body: Record<string, unknown>) =>
      call(
        'POST',
        '/api/user/update',
        { nickname: null, phone: null, birthday: null, gender: null, ...body },
        { cookie },
      );
    for (const birthday of ['2020-02-30', '2020-1-01', '01/02/2020', '2999-01-01', '1800-01-01']) {
      const r = await update({ birthday });
      expect([r.statusCode, r.json().code], birthday).toEqual([400, 'BIRTHDAY_INVALID']);
    }
    expect((await update({ gender: 'other' })).statusCode).toBe(400);
    expect((await update({ phone: 'call me' })).statusCode).toBe(400);
    const saved = await update({
      nickname: 'Ada L.',
      phone: '+44 20 7946 0958',
      birthday: '2020-01-01',
      gender: 'female',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(await me(cookie)).toMatchObject({
      nickname: 'Ada L.',
      phone: '+44 20 7946 0958',
      birthday: '2020-01-01',
      gender: 'female',
    });
  });

  it('login: one answer for a wrong password and an unknown address; brute force stops at the limit', async () => {
    await registered('login@example.com');
    const ip = freshIp();
    const wrong = await call(
      'POST',
      '/api/user/login',
      { account: 'login@example.com', password: 'wrong password' },
      { ip },
    );
    const unknown = await call('POST', '/api/user/login', { account: 'nobody@example.com', password: 'x' }, { ip });
    expect([wrong.statusCode, unknown.statusCode]).toEqual([401, 401]);
    expect(wrong.json()).toEqual(unknown.json());
    expect(wrong.json().code).toBe('LOGIN_FAILED');
    const ok = await call('POST', '/api/user/login', { account: 'LOGIN@example.com', password: GOOD_PASSWORD }, { ip });
    expect(ok.statusCode, ok.body).toBe(200);

    // Per account: from many clients, the 11th try in 15 minutes is refused, even with the right password.
    for (let i = 0; i < 8; i++) {
      const r = await call(
        'POST',
        '/api/user/login',
        { account: 'login@example.com', password: `guess ${i}` },
        {
          ip: freshIp(),
        },
      );
      expect(r.statusCode).toBe(401);
    }
    const limited = await call(
      'POST',
      '/api/user/login',
      { account: 'login@example.com', password: GOOD_PASSWORD },
      {
        ip: freshIp(),
      },
    );
    expect([limited.statusCode, limited.json().code]).toEqual([429, 'RATE_LIMITED']);
    // Per client: one client trying many accounts is stopped too.
    const client = freshIp();
    const statuses: number[] = [];
    for (let i = 0; i < 31; i++) {
      statuses.push(
        (await call('POST', '/api/user/login', { account: `probe${i}@example.com`, password: 'x' }, { ip: client }))
          .statusCode,
      );
    }
    expect(statuses.slice(0, 30).every((s) => s === 401)).toBe(true);
    expect(statuses[30]).toBe(429);
    // The sliding window passes (the previous window still weighs in until two have gone by): the owner gets
    // in again.
    t.clock.advance(31 * 60_000);
    expect(
      (await call('POST', '/api/user/login', { account: 'login@example.com', password: GOOD_PASSWORD })).statusCode,
    ).toBe(200);
  });

  it('forgot password: same answer for any address; codes expire in 10 minutes, lock after 5 wrong tries, work once', async () => {
    const cookie = await registered('forgot@example.com');
    const send = (email: string) =>
      call('GET', `/api/email/captcha/send?email=${encodeURIComponent(email)}&purpose=reset&hl=fr`, undefined, {
        ip: freshIp(),
      });
    const known = await send('forgot@example.com');
    const unknown = await send('stranger@example.com');
    expect([known.statusCode, unknown.statusCode]).toEqual([200, 200]);
    expect(known.json()).toEqual(unknown.json());
    expect((await mailCount('stranger@example.com')).at(-1)).toBe('accountUnknown');
    const reset = (code: string, password = 'a brand new passphrase') =>
      call('POST', '/api/user/password/reset', { email: 'forgot@example.com', code, password }, { ip: freshIp() });
    const check = (code: string) =>
      call('POST', '/api/user/verify', { email: 'forgot@example.com', code, purpose: 'reset' }, { ip: freshIp() });

    // Expiry: the code of 11 minutes ago is dead.
    const old = (await lastMail('accountCode', 'forgot@example.com'))?.code ?? '';
    t.clock.advance(11 * 60_000);
    expect((await check(old)).json().code).toBe('CODE_INVALID');

    // Lock: five wrong tries kill the code, even for its right value afterwards.
    await send('forgot@example.com');
    const code = (await lastMail('accountCode', 'forgot@example.com'))?.code ?? '';
    expect((await check(code)).json().data).toEqual({ verified: true, user: null });
    const wrongCode = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i++) expect((await check(wrongCode)).json().code).toBe('CODE_INVALID');
    expect((await reset(code)).json().code).toBe('CODE_INVALID');

    // A fresh code resets the password once, and every session ends.
    await send('forgot@example.com');
    const fresh = (await lastMail('accountCode', 'forgot@example.com'))?.code ?? '';
    expect((await reset(fresh, 'short')).json().code).toBe('PASSWORD_TOO_SHORT');
    expect((await reset(fresh, 'password')).json().code).toBe('PASSWORD_TOO_COMMON');
    expect((await reset(fresh)).statusCode).toBe(200);
    expect((await reset(fresh, 'another new passphrase')).json().code).toBe('CODE_INVALID');
    expect(await me(cookie)).toBeNull();
    const login = await call('POST', '/api/user/login', {
      account: 'forgot@example.com',
      password: 'a brand new passphrase',
    });
    expect(login.statusCode, login.body).toBe(200);

    // The e-mail itself, in the asked language, says the code. The worker sends a batch at once, so the
    // mailbox's order is not the order of the requests: the code's e-mail is found by its code.
    await deliverMail(t);
    const delivered = await t.deps.db.kysely
      .selectFrom('local_mailbox')
      .select(['subject', 'text'])
      .where('to_address', '=', 'forgot@example.com')
      .execute();
    const withCode = delivered.filter((m) => m.text.includes(`> ${fresh}\n`));
    expect(withCode).toHaveLength(1);
    expect(withCode[0]?.subject).toBe(t.deps.translator.t('fr', 'account:mail.code.reset.subject'));
  });

  it('code checks are limited per address, whatever the client', async () => {
    await call('GET', '/api/email/captcha/send?email=limit@example.com&purpose=reset&hl=en', undefined, {
      ip: freshIp(),
    });
    const statuses: number[] = [];
    for (let i = 0; i < 16; i++) {
      statuses.push(
        (
          await call(
            'POST',
            '/api/user/verify',
            { email: 'limit@example.com', code: '999999', purpose: 'reset' },
            {
              ip: freshIp(),
            },
          )
        ).statusCode,
      );
    }
    expect(statuses.slice(0, 15).every((s) => s === 400)).toBe(true);
    expect(statuses[15]).toBe(429);
    // Sending codes is limited per address too (no inbox flooded).
    const sends: number[] = [];
    for (let i = 0; i < 6; i++) {
      sends.push(
        (
          await call('GET', '/api/email/captcha/send?email=flood@example.com&purpose=reset&hl=en', undefined, {
            ip: freshIp(),
          })
        ).statusCode,
      );
    }
    expect(sends).toEqual([200, 200, 200, 200, 200, 429]);
  });

  it('changing the password ends every other session, and needs the old password', async () => {
    const first = await registered('change@example.com');
    const second = tokenOf(
      await call('POST', '/api/user/login', { account: 'change@example.com', password: GOOD_PASSWORD }),
    );
    expect((await me(second)).email).toBe('change@example.com');
    const wrong = await call(
      'POST',
      '/api/user/password/update',
      { oldPassword: 'not it at all', newPassword: 'the next passphrase' },
      { cookie: first },
    );
    expect([wrong.statusCode, wrong.json().code]).toEqual([403, 'PASSWORD_WRONG']);
    const changed = await call(
      'POST',
      '/api/user/password/update',
      { oldPassword: GOOD_PASSWORD, newPassword: 'the next passphrase' },
      { cookie: first },
    );
    expect(changed.json().data, changed.body).toEqual({ updated: true, otherSessionsEnded: 1 });
    expect(await me(second)).toBeNull();
    // This browser goes on with a new session; the old token is gone too.
    expect(await me(first)).toBeNull();
    expect((await me(tokenOf(changed))).email).toBe('change@example.com');
  });

  it('logout revokes the session on the server; sessions slide and then expire', async () => {
    const cookie = await registered('session@example.com');
    const out = await call('POST', '/api/user/logout', undefined, { cookie });
    expect(out.statusCode).toBe(200);
    expect(out.cookies.find((c) => c.name === 'IQ-token')?.value).toBe('');
    expect(await me(cookie)).toBeNull();

    const sliding = tokenOf(
      await call('POST', '/api/user/login', { account: 'session@example.com', password: GOOD_PASSWORD }),
    );
    for (let i = 0; i < 3; i++) {
      t.clock.advance(20 * 86_400_000);
      expect((await me(sliding))?.email, `after ${(i + 1) * 20} days of use`).toBe('session@example.com');
    }
    // Expired rows are forgotten by the hourly cleanup (the expired session above was deleted when read;
    // this one expires unread).
    const unread = tokenOf(
      await call('POST', '/api/user/login', { account: 'session@example.com', password: GOOD_PASSWORD }),
    );
    expect(unread).not.toBe('');
    t.clock.advance(31 * 86_400_000);
    expect(await me(sliding)).toBeNull();
    const live = () => t.deps.db.kysely.selectFrom('account_sessions').select('token_hash').execute();
    const before = (await live()).length;
    expect(await t.accounts.cleanup()).toBeGreaterThan(0);
    expect((await live()).length).toBeLessThan(before);
    expect(await me(unread)).toBeNull();
  });

  it('refuses cross-site requests: a form on another site cannot log in, change a password or charge', async () => {
    const cookie = await registered('csrf@example.com');
    const evil = { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' };
    const form = { ...evil, 'content-type': 'application/x-www-form-urlencoded' };
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/user/login',
      headers: form,
      payload: `account=csrf%40example.com&password=${encodeURIComponent(GOOD_PASSWORD)}`,
    });
    expect([login.statusCode, login.json().code]).toEqual([403, 'CROSS_SITE_REQUEST']);
    expect(login.cookies).toEqual([]);
    const change = await call(
      'POST',
      '/api/user/password/update',
      { oldPassword: GOOD_PASSWORD, newPassword: 'attacker passphrase' },
      { cookie, headers: evil },
    );
    expect([change.statusCode, change.json().code]).toEqual([403, 'CROSS_SITE_REQUEST']);
    // Only an Origin, no Fetch Metadata (an older browser): still refused.
    const onlyOrigin = await call(
      'POST',
      '/api/user/delete',
      { password: GOOD_PASSWORD },
      {
        cookie,
        headers: { origin: 'https://evil.example' },
      },
    );
    expect(onlyOrigin.statusCode).toBe(403);
    const sandboxed = await call('POST', '/api/user/logout', undefined, { cookie, headers: { origin: 'null' } });
    expect(sandboxed.statusCode).toBe(403);
    expect((await me(cookie)).email).toBe('csrf@example.com');

    const order = await paidReadyOrder(t);
    const charge = await t.app.inject({
      method: 'POST',
      url: '/api-pay/pay/order/create',
      headers: { ...evil, cookie: `IQ-exam=${(await readerCookie(t, order))['IQ-exam']}` },
      payload: { orderNumber: order },
    });
    expect([charge.statusCode, charge.json().code]).toEqual([403, 'CROSS_SITE_REQUEST']);
    const code = await call('GET', '/api/email/captcha/send?email=csrf@example.com&purpose=reset&hl=en', undefined, {
      headers: { 'sec-fetch-site': 'cross-site' },
    });
    expect(code.statusCode).toBe(403);

    // Our own pages pass: same origin by Origin or by Fetch Metadata.
    const own = await call(
      'POST',
      '/api/user/login',
      { account: 'csrf@example.com', password: GOOD_PASSWORD },
      {
        headers: { origin: SITE, 'sec-fetch-site': 'same-origin' },
      },
    );
    expect(own.statusCode, own.body).toBe(200);
    // The development server's proxy: another origin, but the browser says same-origin.
    const proxied = await call(
      'POST',
      '/api/user/update',
      { nickname: 'x', phone: null, birthday: null, gender: null },
      {
        cookie,
        headers: { origin: 'http://localhost:5173', 'sec-fetch-site': 'same-origin' },
      },
    );
    expect(proxied.statusCode, proxied.body).toBe(200);

    // The sandbox processor's frame posts from an opaque origin ("null", cross-site) and still pays.
    const price = await shownPrice(t, order, 'sku2');
    const created = await ownerPost(
      t,
      '/api-pay/pay/order/create',
      createBody(order, price, { email: 'csrf-buyer@example.com' }),
      {
        origin: SITE,
      },
    );
    expect(created.statusCode, created.body).toBe(200);
    const id = /\/pay\/([^?]+)/.exec(created.json().data.next.url)?.[1];
    const framed = await t.app.inject({
      method: 'POST',
      url: `/sandbox-processor/pay/${id}/confirm?hl=en`,
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'null', 'sec-fetch-site': 'cross-site' },
      payload: new URLSearchParams({ number: '4242424242424242', expiry: '12/34', cvc: '123' }).toString(),
    });
    expect(framed.statusCode).toBeLessThan(400);
    const status = await post(t, '/api-pay/pay/check/status', {
      orderNumber: order,
      paymentId: created.json().data.payment.paymentId,
    });
    expect(status.json().data.orderStatus).toBe('paid');
  });

  it('20 concurrent registrations of one address make one account', async () => {
    const email = 'race@example.com';
    const results = await Promise.all(
      Array.from({ length: 20 }, () =>
        call(
          'POST',
          '/api/user/register',
          { name: 'Racer', email, password: GOOD_PASSWORD, agreement: true, hl: 'en' },
          {
            ip: freshIp(),
          },
        ),
      ),
    );
    // All the same answer, or the per-address limit: never a 500.
    expect(results.every((r) => r.statusCode === 200 || r.statusCode === 429)).toBe(true);
    // Each accepted registration mailed a code; only the latest works. All are tried at once, each once:
    // at most four wrong guesses, so the fifth-guess lock cannot fire whatever order the server takes them in.
    const codesOf = async (to: string) =>
      (
        await t.deps.db.kysely
          .selectFrom('mail_outbox')
          .select('payload')
          .where('template', '=', 'accountCode')
          .where('to_address', '=', to)
          .execute()
      ).map((r) => JSON.parse(r.payload).code as string);
    const codes = await codesOf(email);
    expect(codes.length).toBe(results.filter((r) => r.statusCode === 200).length);
    const verify = (to: string, code: string) =>
      call('POST', '/api/user/verify', { email: to, code, purpose: 'register' }, { ip: freshIp() });
    const verifies = await Promise.all(codes.map((code) => verify(email, code)));
    expect(verifies.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(verifies.every((r) => r.statusCode === 200 || r.json().code === 'CODE_INVALID')).toBe(true);
    // A used code never works again.
    const again = await Promise.all(codes.map((code) => verify(email, code)));
    expect(again.map((r) => r.json().code)).toEqual(codes.map(() => 'CODE_INVALID'));
    // One code used ten times at once: it works once.
    const single = await call(
      'POST',
      '/api/user/register',
      { name: 'Racer', email: 'race3@example.com', password: GOOD_PASSWORD, agreement: true, hl: 'en' },
      { ip: freshIp() },
    );
    expect(single.statusCode, single.body).toBe(200);
    const [code3] = await codesOf('race3@example.com');
    const uses = await Promise.all(Array.from({ length: 10 }, () => verify('race3@example.com', code3 ?? '')));
    expect(uses.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(uses.every((r) => r.statusCode === 200 || r.json().code === 'CODE_INVALID')).toBe(true);
    // And 20 sign-in links of one buyer's address used at once: one account.
    const links = Array.from({ length: 20 }, () => signInToken('race2@example.com'));
    const used = await Promise.all(
      links.map((token) => call('POST', '/api/user/login/link', { token }, { ip: freshIp() })),
    );
    expect(used.every((r) => r.statusCode === 200)).toBe(true);
    const accounts = await t.deps.db.kysely
      .selectFrom('accounts')
      .select('id')
      .where('email', 'in', [email, 'race2@example.com', 'race3@example.com'])
      .execute();
    expect(accounts).toHaveLength(3);
    expect(new Set(used.map((r) => r.json().data.id)).size).toBe(1);
  });

  /** A sign-in link as a report e-mail carries it (made by the accounts module for the paid transition). */
  function signInToken(email: string): string {
    return new URL(t.accounts.signInUrl(email, 1799, 'en')).searchParams.get('link') ?? '';
  }

  it('the buyer: the report e-mail signs in once, a password is set, the report is theirs in the centre', async () => {
    const { order } = await buyTier(t, 'sku2', 'Buyer.One@example.com');
    const mail = await lastMail('reportReady', 'buyer.one@example.com');
    expect(mail?.signInUrl, 'the report e-mail carries a sign-in link').toBeDefined();
    expect(JSON.stringify(mail)).not.toMatch(/password/i);
    const link = new URL(mail?.signInUrl ?? '');
    expect(link.pathname).toBe('/user/login/IQB-1799');
    const token = link.searchParams.get('link') ?? '';
    const account = await t.deps.db.kysely
      .selectFrom('accounts')
      .selectAll()
      .where('email', '=', 'buyer.one@example.com')
      .executeTakeFirst();
    expect(account, 'the purchase made the account').toMatchObject({ password_hash: null, email_verified_at: null });

    const signedIn = await call('POST', '/api/user/login/link', { token });
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    expect(signedIn.json().data).toMatchObject({ email: 'buyer.one@example.com', hasPassword: false });
    const again = await call('POST', '/api/user/login/link', { token });
    expect([again.statusCode, again.json().code]).toEqual([403, 'SIGNIN_LINK_INVALID']);
    const tampered = await call('POST', '/api/user/login/link', {
      token: token.replace(/.$/, (c) => (c === 'A' ? 'B' : 'A')),
    });
    expect(tampered.statusCode).toBe(403);

    const cookie = tokenOf(signedIn);
    // No old password to give yet: the buyer sets one.
    const set = await call('POST', '/api/user/password/update', { newPassword: 'my own passphrase' }, { cookie });
    expect(set.statusCode, set.body).toBe(200);
    const fresh = tokenOf(set);
    const user = await me(fresh);
    expect(user.hasPassword).toBe(true);

    const list = await call('GET', `/api/user/order/list/${user.id}`, undefined, { cookie: fresh });
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json().data.orders).toEqual([
      expect.objectContaining({ status: 'completed', orderNumber: order, skuId: 'sku2', resumable: false }),
    ]);
    expect(list.json().data.orders[0].iq).toEqual(expect.any(Number));
    // The account alone (no test cookie, no link) reads the report.
    const report = await call('GET', `/api/exam/order/info/${order}`, undefined, { cookie: fresh });
    expect(report.statusCode, report.body).toBe(200);
    expect(report.json().data.orderNumber).toBe(order);

    // Another user: their own id lists nothing of this; this user's id finds nothing; the report is closed.
    const other = await registered('other-user@example.com');
    const otherUser = await me(other);
    expect(
      (await call('GET', `/api/user/order/list/${otherUser.id}`, undefined, { cookie: other })).json().data,
    ).toEqual({ orders: [] });
    const foreign = await call('GET', `/api/user/order/list/${user.id}`, undefined, { cookie: other });
    expect([foreign.statusCode, foreign.json().code]).toEqual([404, 'NOT_FOUND']);
    expect((await call('GET', `/api/exam/order/info/${order}`, undefined, { cookie: other })).statusCode).toBe(403);
    expect((await call('GET', `/api/exam/order/info/${order}`)).statusCode).toBe(403);

    // A later purchase with the same (proven) address joins at once.
    const { order: second } = await buyTier(t, 'sku1', 'buyer.one@example.com');
    const orders = (await call('GET', `/api/user/order/list/${user.id}`, undefined, { cookie: fresh })).json().data
      .orders as { orderNumber: string }[];
    expect(orders.map((o) => o.orderNumber).sort()).toEqual([order, second].sort());
  });

  it('a test taken while signed in is listed: unfinished (resumable here), then pending payment', async () => {
    const cookie = await registered('taker@example.com');
    const user = await me(cookie);
    const { sessionId: examCookie } = await startTest(t, { restart: true });
    const both = `IQ-token=${cookie}; IQ-exam=${examCookie}`;
    const list = async (c: string) =>
      (await t.app.inject({ method: 'GET', url: `/api/user/order/list/${user.id}`, headers: { cookie: c } })).json()
        .data.orders;
    expect(await list(both)).toEqual([
      expect.objectContaining({ status: 'uncompleted', orderNumber: null, resumable: true }),
    ]);
    // Another browser of the same account sees it, but cannot resume it there.
    expect(await list(`IQ-token=${cookie}`)).toEqual([
      expect.objectContaining({ status: 'uncompleted', resumable: false }),
    ]);
    // Past the deadline, it can no longer be resumed.
    t.clock.advance(3 * 3_600_000);
    expect((await list(both))[0].resumable).toBe(false);
  });

  it('VIP: a VIP purchase makes the account VIP; the three calls say so', async () => {
    const { order, token } = await buyTier(t, 'sku1', 'vip-member@example.com');
    const signed = tokenOf(
      await call('POST', '/api/user/login/link', { token: signInToken('vip-member@example.com') }),
    );
    const before = await call('GET', '/api/user/isVIP', undefined, { cookie: signed });
    expect(before.json().data).toEqual({ vip: false, until: null });
    expect((await call('GET', '/api/user/privilege', undefined, { cookie: signed })).json().data).toEqual({
      privileges: [],
      percentOff: 0,
    });
    // One click, from the browser that paid (decision 0018).
    const bought = await ownerPost(t, '/api-pay/vip/pay/create', { orderNumber: order, token, hl: 'en' });
    expect(bought.json().data.payment.status, bought.body).toBe('succeeded');
    const after = (await call('GET', '/api/user/isVIP', undefined, { cookie: signed })).json().data;
    expect(after.vip).toBe(true);
    expect(Date.parse(after.until)).toBeGreaterThan(t.clock.now() + 360 * 86_400_000);
    const detail = (await call('GET', '/api/privilege/vip/detail?hl=de', undefined, { cookie: signed })).json().data;
    expect(detail).toMatchObject({ vip: true, until: after.until, percentOff: 20 });
    expect(detail.privileges.map((p: { id: string }) => p.id)).toEqual(['discount', 'allExtras', 'prioritySupport']);
    expect(detail.privileges[0].name).not.toBe('20% off every extra');
    expect((await me(signed)).vip).toBe(true);
  });

  it('export and deletion: the owner downloads their data, then erases the account; paid orders stay', async () => {
    const { order, token } = await buyTier(t, 'sku1', 'leaver@example.com');
    const cookie = tokenOf(await call('POST', '/api/user/login/link', { token: signInToken('leaver@example.com') }));
    const set = tokenOf(
      await call('POST', '/api/user/password/update', { newPassword: 'leaving passphrase' }, { cookie }),
    );
    const exported = await call('GET', '/api/user/export', undefined, { cookie: set });
    expect(exported.statusCode).toBe(200);
    expect(exported.headers['content-disposition']).toContain('attachment');
    const data = JSON.parse(exported.body);
    expect(data.account.email).toBe('leaver@example.com');
    expect(data.orders.map((o: { orderNumber: string }) => o.orderNumber)).toEqual([order]);
    expect(exported.body).not.toContain('argon2');

    const refused = await call('POST', '/api/user/delete', { password: 'not my password' }, { cookie: set });
    expect([refused.statusCode, refused.json().code]).toEqual([403, 'PASSWORD_WRONG']);
    const deleted = await call('POST', '/api/user/delete', { password: 'leaving passphrase' }, { cookie: set });
    expect(deleted.json().data).toEqual({ deleted: true });
    expect(await me(set)).toBeNull();
    expect(
      await t.deps.db.kysely.selectFrom('accounts').select('id').where('email', '=', 'leaver@example.com').execute(),
    ).toEqual([]);
    const login = await call('POST', '/api/user/login', {
      account: 'leaver@example.com',
      password: 'leaving passphrase',
    });
    expect(login.statusCode).toBe(401);
    // The paid order is kept, and its e-mailed link still opens the report.
    expect((await call('GET', `/api/exam/order/info/${order}?token=${token}`)).statusCode).toBe(200);
  });
});
