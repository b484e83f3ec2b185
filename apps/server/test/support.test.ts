import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deliverMail } from './checkout-helpers';
import { createTestApp, dialects, type TestApp } from './test-app';

describe.each(dialects())('support contact on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(() => t.close());

  const send = (payload: Record<string, unknown>, ip = '10.0.0.1') =>
    t.app.inject({ method: 'POST', url: '/api/app/support/contact', payload, remoteAddress: ip });
  const valid = {
    name: 'Ana',
    email: 'ana@example.com',
    topic: 'report',
    message: 'My report did not arrive.',
    examId: 1799,
    hl: 'pt-BR',
  };

  it('stores the ticket and queues both e-mails in one go; the local mailbox shows them', async () => {
    const res = await send(valid);
    expect(res.statusCode).toBe(200);
    const { ticketId } = res.json().data;
    const ticket = await t.deps.db.kysely
      .selectFrom('support_tickets')
      .selectAll()
      .where('public_id', '=', ticketId)
      .executeTakeFirstOrThrow();
    expect(ticket).toMatchObject({ email: 'ana@example.com', hl: 'pt', topic: 'report' });
    await deliverMail(t);
    const list = (await t.app.inject({ method: 'GET', url: '/dev/mailbox/messages.json' })).json() as {
      to: string;
      subject: string;
      text: string;
    }[];
    const ack = list.find((m) => m.to === 'ana@example.com');
    expect(ack?.subject).toContain(ticketId);
    // The acknowledgement names the ticket only: never the sender's words (security-support-ack.test.ts).
    expect(ack?.text).not.toContain('My report did not arrive.');
    expect(ack?.subject).not.toMatch(/We received/);
    const page = await t.app.inject({ method: 'GET', url: '/dev/mailbox' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(ticketId);
  });

  it('rejects invalid input with field issues and queues nothing', async () => {
    const before = await t.deps.db.kysely
      .selectFrom('mail_outbox')
      .select(({ fn }) => fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    const res = await send({ ...valid, email: 'not-an-email', message: 'short' });
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.code).toBe('VALIDATION_FAILED');
    expect(body.issues.map((i: { path: string }) => i.path)).toEqual(
      expect.arrayContaining(['body.email', 'body.message']),
    );
    const after = await t.deps.db.kysely
      .selectFrom('mail_outbox')
      .select(({ fn }) => fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });

  it('rate-limits per address and per client, with a translated message', async () => {
    const email = 'flood@example.com';
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) statuses.push((await send({ ...valid, email }, `10.1.0.${i}`)).statusCode);
    expect(statuses).toEqual([200, 200, 200, 429]);
    const limited = await t.app.inject({
      method: 'POST',
      url: '/api/app/support/contact',
      payload: { ...valid, email },
      remoteAddress: '10.1.0.9',
      headers: { language: 'es' },
    });
    expect(limited.json()).toMatchObject({ code: 'RATE_LIMITED', result: 42900 });
    expect(limited.json().message).not.toMatch(/Too many/);

    const ipStatuses: number[] = [];
    for (let i = 0; i < 6; i++)
      ipStatuses.push((await send({ ...valid, email: `p${i}@example.com` }, '10.2.0.1')).statusCode);
    expect(ipStatuses).toEqual([200, 200, 200, 200, 200, 429]);
    // Windows slide (security-mail-volume.test.ts): the earlier burst still weighs on the next window.
    t.clock.advance(21 * 60_000);
    expect((await send({ ...valid, email: 'later@example.com' }, '10.2.0.1')).statusCode).toBe(200);
  });
});
