import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { Database } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { escapeHtml } from './escape-html';
import { mailboxRepository } from './mailbox-repository';

const STYLE = `body{font:15px/1.5 system-ui,sans-serif;margin:0;color:#1d1e2c;background:#f3f4f8}
main{max-width:960px;margin:0 auto;padding:24px 16px}h1{font-size:22px}table{width:100%;border-collapse:collapse;background:#fff}
th,td{text-align:left;padding:8px 12px;border-bottom:1px solid #e3e4ec;vertical-align:top}a{color:#3b3fc4}
pre{white-space:pre-wrap;background:#fff;padding:16px;border-radius:8px}.meta{color:#5c5f73}`;

function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(title)}</title><link rel="stylesheet" href="/dev/mailbox/style.css"></head><body><main>${body}</main></body></html>`;
}

const ZId = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });

/** A message id from the path; anything else is a 400 with the usual error body, never a 500. */
function idOf(params: unknown): number {
  const parsed = ZId.safeParse(params);
  if (!parsed.success) throw new AppError('VALIDATION_FAILED');
  return parsed.data.id;
}

/**
 * The local mailbox, for operators and tests: only mounted when MAIL_TRANSPORT=local, so it never exists
 * where real e-mail is sent.
 */
export async function devMailboxRoutes(app: FastifyInstance, db: Kysely<Database>): Promise<void> {
  const mailbox = mailboxRepository(db);
  // Its pages hold every e-mail's links (reports, cancelling): never kept by a browser or a proxy cache.
  app.addHook('onSend', async (_req, reply, payload) => {
    reply.header('cache-control', 'no-store');
    return payload;
  });

  app.get('/dev/mailbox/style.css', async (_req, reply) => reply.type('text/css').send(STYLE));

  app.get('/dev/mailbox/messages.json', async () => {
    const rows = await mailbox.latest(200);
    return rows.map((r) => ({
      id: r.id,
      to: r.to_address,
      from: r.from_address,
      subject: r.subject,
      text: r.text,
      html: r.html,
      createdAt: new Date(r.created_at).toISOString(),
    }));
  });

  app.get('/dev/mailbox', async (_req, reply) => {
    const rows = await mailbox.latest(200);
    const list = rows.length
      ? `<table><thead><tr><th scope="col">To</th><th scope="col">Subject</th><th scope="col">Received</th></tr></thead><tbody>${rows
          .map(
            (r) =>
              `<tr><td>${escapeHtml(r.to_address)}</td><td><a href="/dev/mailbox/${r.id}">${escapeHtml(r.subject)}</a></td><td class="meta">${new Date(r.created_at).toISOString()}</td></tr>`,
          )
          .join('')}</tbody></table>`
      : '<p>No e-mail yet. Messages the product sends appear here while MAIL_TRANSPORT=local.</p>';
    return reply.type('text/html; charset=utf-8').send(page('Local mailbox', `<h1>Local mailbox</h1>${list}`));
  });

  app.get('/dev/mailbox/:id', async (req, reply) => {
    const id = idOf(req.params);
    const m = await mailbox.find(id);
    if (!m) return reply.status(404).type('text/html; charset=utf-8').send(page('Not found', '<h1>Not found</h1>'));
    return reply.type('text/html; charset=utf-8').send(
      page(
        m.subject,
        `<p><a href="/dev/mailbox">← All messages</a></p><h1>${escapeHtml(m.subject)}</h1>
<p class="meta">From ${escapeHtml(m.from_address)} to ${escapeHtml(m.to_address)}, ${new Date(m.created_at).toISOString()}</p>
<p><a href="/dev/mailbox/${m.id}/html">Open the HTML version</a></p><h2>Text version</h2><pre>${escapeHtml(m.text)}</pre>`,
      ),
    );
  });

  app.get('/dev/mailbox/:id/html', async (req, reply) => {
    const id = idOf(req.params);
    const m = await mailbox.find(id);
    if (!m) return reply.status(404).send('Not found');
    // E-mail HTML carries inline styles; it gets its own CSP with no script at all.
    reply.header(
      'content-security-policy',
      "default-src 'none'; style-src 'unsafe-inline'; img-src data: https:; frame-ancestors 'none'",
    );
    return reply.type('text/html; charset=utf-8').send(m.html);
  });
}
