import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deliverMail } from './checkout-helpers';
import { createTestApp, dialects, type TestApp } from './test-app';

/**
 * The support form accepts any address: its acknowledgement must not carry the sender's words (name or
 * message) to that address, or the form is a relay from our domain (issue 13, "Support form relays words").
 */
describe.each(dialects())('support acknowledgement on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(() => t.close());

  it('acknowledges with the ticket reference only; the operator still gets the whole message', async () => {
    const phishing = 'Your account is locked: sign in at https://evil.example/login';
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/app/support/contact',
      remoteAddress: '10.9.0.1',
      payload: {
        name: 'Mindgauge Security Team',
        email: 'victim@example.com',
        topic: 'other',
        message: phishing,
        examId: 1799,
        hl: 'en',
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    const { ticketId } = res.json().data as { ticketId: string };
    await deliverMail(t);
    const sent = await t.deps.db.kysely.selectFrom('local_mailbox').selectAll().execute();
    const ack = sent.find((m) => m.to_address === 'victim@example.com');
    expect(ack, 'acknowledgement sent').toBeDefined();
    for (const part of [ack?.subject ?? '', ack?.text ?? '', ack?.html ?? '']) {
      expect(part).not.toContain('evil.example');
      expect(part).not.toContain('Mindgauge Security Team');
    }
    expect(ack?.subject).toContain(ticketId);
    expect(ack?.text).toContain(ticketId);
    const notify = sent.find((m) => m.to_address !== 'victim@example.com');
    expect(notify?.text).toContain(phishing);
  });
});
