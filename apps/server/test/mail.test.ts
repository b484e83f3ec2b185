import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enqueueMail } from '../src/modules/mail/enqueue-mail';
import { createMailWorker } from '../src/modules/mail/mail-worker';
import { outboxRepository } from '../src/modules/mail/outbox-repository';
import { localTransport } from '../src/modules/mail/transports/local-transport';
import type { MailTransport, OutgoingMail } from '../src/modules/mail/transports/mail-transport';
import { smtpTransport } from '../src/modules/mail/transports/smtp-transport';
import { deliverMail } from './checkout-helpers';
import { createTestApp, dialects, type TestApp } from './test-app';

const payload = { ticket: 'T-abc' };
/** The operator's copy quotes the visitor's words: what escaping is checked on. */
const notify = {
  name: 'Ada',
  email: 'ada@example.com',
  ticket: 'T-abc',
  topic: 'report',
  message: 'Where is my <report>?',
  hl: 'fr',
  order: null,
};

interface Received {
  from: string;
  to: string[];
  raw: string;
}

/**
 * A real SMTP server on loopback that keeps what it receives; it may answer each command after `delayMs`
 * (a slow provider) and counts connections: how many were opened and how many were open at once.
 */
async function startSmtp(delayMs = 0): Promise<{
  port: number;
  received: Received[];
  connections: { opened: number; open: number; peak: number };
  close(): Promise<void>;
}> {
  const received: Received[] = [];
  const connections = { opened: 0, open: 0, peak: 0 };
  const later = (callback: () => void) => (delayMs ? setTimeout(callback, delayMs) : callback());
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onConnect(_session, callback) {
      connections.opened++;
      connections.open++;
      connections.peak = Math.max(connections.peak, connections.open);
      callback();
    },
    onClose() {
      connections.open--;
    },
    onMailFrom(_address, _session, callback) {
      later(callback);
    },
    onRcptTo(_address, _session, callback) {
      later(callback);
    },
    onData(stream, session, callback) {
      let raw = '';
      stream.on('data', (c: Buffer) => {
        raw += c.toString('utf8');
      });
      stream.on('end', () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw,
        });
        later(callback);
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;
  return { port, received, connections, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

describe.each(dialects())('e-mail outbox on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(() => t.close());

  const workerWith = (transport: MailTransport) =>
    createMailWorker({
      repo: outboxRepository(t.deps.db.kysely),
      transport,
      translator: t.deps.translator,
      clock: t.clock,
      from: 'a@b.c',
      siteUrl: 'http://x.test',
      maxAttempts: 3,
      intervalMs: 1000,
    });
  const mailbox = () => t.deps.db.kysely.selectFrom('local_mailbox').selectAll().orderBy('id').execute();
  const outbox = () => t.deps.db.kysely.selectFrom('mail_outbox').selectAll().orderBy('id').execute();

  it('sends a queued mail once, rendered in its language, with the HTML escaped', async () => {
    await enqueueMail(
      t.deps.db.kysely,
      { template: 'supportNotify', locale: 'fr', to: 'ada@example.com', payload: notify },
      t.clock.now(),
      'mindgauge.test',
    );
    expect(await t.deps.mailWorker.runOnce()).toBe(1);
    expect(await t.deps.mailWorker.runOnce()).toBe(0);
    const [m] = await mailbox();
    expect(m?.to_address).toBe('ada@example.com');
    expect(m?.subject).toContain('T-abc');
    expect(m?.subject).not.toContain('We received');
    expect(m?.html).toContain('&lt;report&gt;');
    expect(m?.html).toContain('lang="fr"');
    expect(m?.text).toContain('> Where is my <report>?');
    expect((await outbox())[0]?.status).toBe('sent');
  });

  it('a dedupe key queues a mail only once', async () => {
    for (let i = 0; i < 3; i++) {
      await enqueueMail(
        t.deps.db.kysely,
        { template: 'supportAck', locale: 'en', to: 'x@example.com', payload, dedupeKey: 'once' },
        t.clock.now(),
        'd',
      );
    }
    expect((await outbox()).filter((r) => r.dedupe_key === 'once')).toHaveLength(1);
    await t.deps.mailWorker.runOnce();
  });

  it('after a crash mid-send the row is retried when its lease expires, and delivered once', async () => {
    const repo = outboxRepository(t.deps.db.kysely);
    await enqueueMail(
      t.deps.db.kysely,
      { template: 'supportAck', locale: 'de', to: 'crash@example.com', payload },
      t.clock.now(),
      'd',
    );
    const [due] = await repo.listDueIds(t.clock.now(), 10);
    // A worker claims the row, delivers it, and dies before marking it sent.
    const claimed = await repo.claim(due!.id, t.clock.now(), 60_000);
    expect(claimed).toBeDefined();
    await localTransport(t.deps.db.kysely, () => t.clock.now()).send({
      outboxId: claimed!.id,
      messageId: claimed!.message_id,
      from: 'f',
      to: claimed!.to_address,
      subject: 's',
      html: 'h',
      text: 't',
    });
    // Another worker cannot take it while the lease holds.
    expect(await repo.claim(due!.id, t.clock.now(), 60_000)).toBeUndefined();
    expect(await t.deps.mailWorker.runOnce()).toBe(0);
    t.clock.advance(61_000);
    expect(await t.deps.mailWorker.runOnce()).toBe(1);
    const delivered = (await mailbox()).filter((m) => m.to_address === 'crash@example.com');
    expect(delivered).toHaveLength(1);
    const row = (await outbox()).find((r) => r.to_address === 'crash@example.com');
    expect(row).toMatchObject({ status: 'sent', attempts: 2 });
  });

  it('two workers racing over the same rows send each mail exactly once', async () => {
    for (let i = 0; i < 10; i++) {
      await enqueueMail(
        t.deps.db.kysely,
        { template: 'supportAck', locale: 'en', to: `race${i}@example.com`, payload },
        t.clock.now(),
        'd',
      );
    }
    const sent: string[] = [];
    const counting: MailTransport = {
      name: 'smtp',
      send: async (m: OutgoingMail) => void sent.push(m.to),
      close: async () => {},
    };
    const make = () => workerWith(counting);
    const [a, b] = await Promise.all([make().runOnce(), make().runOnce()]);
    expect(a + b).toBe(10);
    expect(new Set(sent).size).toBe(10);
    expect(sent).toHaveLength(10);
  });

  it('two workers claiming batches and sending them concurrently send each of 40 mails exactly once', async () => {
    for (let i = 0; i < 40; i++) {
      await enqueueMail(
        t.deps.db.kysely,
        { template: 'supportAck', locale: 'en', to: `batch${i}@example.com`, payload },
        t.clock.now(),
        'd',
      );
    }
    const sent: string[] = [];
    let inFlight = 0;
    let peak = 0;
    // Each send yields to the event loop, so the two workers' claims and sends interleave.
    const slow: MailTransport = {
      name: 'smtp',
      send: async (m: OutgoingMail) => {
        inFlight++;
        peak = Math.max(peak, inFlight);
        await new Promise((r) => setTimeout(r, 2));
        sent.push(m.to);
        inFlight--;
      },
      close: async () => {},
    };
    const make = () =>
      createMailWorker({
        repo: outboxRepository(t.deps.db.kysely),
        transport: slow,
        translator: t.deps.translator,
        clock: t.clock,
        from: 'a@b.c',
        siteUrl: 'http://x.test',
        maxAttempts: 3,
        intervalMs: 1000,
        concurrency: 4,
      });
    const [a, b] = await Promise.all([make().runOnce(), make().runOnce()]);
    expect(a + b).toBe(40);
    expect(sent.filter((to) => to.startsWith('batch'))).toHaveLength(40);
    expect(new Set(sent).size).toBe(40);
    // Sent concurrently (more than one at a time), never more than the two workers' limits together.
    expect(peak).toBeGreaterThan(1);
    expect(peak).toBeLessThanOrEqual(8);
    const rows = (await outbox()).filter((r) => r.to_address.startsWith('batch'));
    expect(rows.every((r) => r.status === 'sent' && r.attempts === 1)).toBe(true);
  });

  it('a failing transport backs off, retries, and gives up after the maximum attempts', async () => {
    let calls = 0;
    const failing: MailTransport = {
      name: 'smtp',
      send: async () => {
        calls++;
        throw new Error('421 try later');
      },
      close: async () => {},
    };
    const worker = workerWith(failing);
    await enqueueMail(
      t.deps.db.kysely,
      { template: 'supportAck', locale: 'en', to: 'fail@example.com', payload },
      t.clock.now(),
      'd',
    );
    await worker.runOnce();
    expect(calls).toBe(1);
    await worker.runOnce();
    expect(calls).toBe(1); // not due yet: backoff
    t.clock.advance(31_000);
    await worker.runOnce();
    expect(calls).toBe(2);
    t.clock.advance(61_000);
    await worker.runOnce();
    expect(calls).toBe(3);
    const row = (await outbox()).find((r) => r.to_address === 'fail@example.com');
    expect(row).toMatchObject({ status: 'failed', attempts: 3, last_error: '421 try later' });
    t.clock.advance(3_600_000);
    await worker.runOnce();
    expect(calls).toBe(3);
  });
});

describe.each(dialects())('SMTP delivery end to end on %s', (dialect) => {
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  let t: TestApp;
  beforeAll(async () => {
    smtp = await startSmtp();
    t = await createTestApp(dialect, {
      env: {
        MAIL_TRANSPORT: 'smtp',
        SMTP_URL: `smtp://127.0.0.1:${smtp.port}?ignoreTLS=true`,
        MAIL_FROM: 'Mindgauge <no-reply@mindgauge.test>',
      },
    });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  it('a batch goes out over a few pooled connections, several at once, each message once', async () => {
    const slowSmtp = await startSmtp(20);
    const transport = smtpTransport(`smtp://127.0.0.1:${slowSmtp.port}?ignoreTLS=true`, 3);
    try {
      for (let i = 0; i < 24; i++) {
        await enqueueMail(
          t.deps.db.kysely,
          { template: 'supportAck', locale: 'en', to: `pooled${i}@example.com`, payload },
          t.clock.now(),
          'd',
        );
      }
      const worker = createMailWorker({
        repo: outboxRepository(t.deps.db.kysely),
        transport,
        translator: t.deps.translator,
        clock: t.clock,
        from: 'a@b.c',
        siteUrl: 'http://x.test',
        maxAttempts: 3,
        intervalMs: 1000,
        concurrency: 6,
      });
      expect(await worker.runOnce()).toBe(24);
      const to = slowSmtp.received.flatMap((r) => r.to).sort();
      expect(to).toEqual(Array.from({ length: 24 }, (_, i) => `pooled${i}@example.com`).sort());
      // Connections are reused (24 messages, at most 3 connections) and used at once.
      expect(slowSmtp.connections.opened).toBeLessThanOrEqual(3);
      expect(slowSmtp.connections.peak).toBeGreaterThan(1);
    } finally {
      await transport.close();
      await slowSmtp.close();
    }
  });

  it('a support message reaches the visitor and the operator through nodemailer, in the visitor language', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/app/support/contact',
      payload: {
        name: '山田',
        email: 'yamada@example.jp',
        topic: 'billing',
        message: '二重に請求されました。確認してください。',
        examId: 1799,
        hl: 'ja',
      },
    });
    expect(res.statusCode).toBe(200);
    const ticket = res.json().data.ticketId as string;
    expect(ticket).toMatch(/^T-[A-Za-z0-9_-]{22}$/);
    await deliverMail(t);
    expect(smtp.received).toHaveLength(2);
    const toVisitor = smtp.received.find((r) => r.to.includes('yamada@example.jp'));
    const toOperator = smtp.received.find((r) => r.to.includes('support@mindgauge.localhost'));
    expect(toVisitor?.from).toBe('no-reply@mindgauge.test');
    expect(toVisitor?.raw).toContain(ticket);
    expect(toVisitor?.raw).toMatch(/Content-Type: text\/html/i);
    expect(toOperator?.raw).toContain('yamada@example.jp');
    // The dev mailbox does not exist when real e-mail is sent.
    expect((await t.app.inject({ method: 'GET', url: '/dev/mailbox' })).statusCode).toBe(404);
  });
});
