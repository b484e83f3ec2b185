import { readFileSync } from 'node:fs';
import { resolveLocale } from '@mindgauge/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Translator } from '../../../i18n/translator';
import type { Clock } from '../../../lib/clock';
import { SANDBOX_PREFIX } from '../providers/sandbox-provider';
import { cardFormPage, messagePage, type PageContext, paypalPage, resultPage, threeDsPage } from './sandbox-pages';
import { checkCard, type SandboxProcessor, type TEST_CARDS } from './sandbox-processor';

const ASSETS = {
  'sandbox.js': {
    type: 'text/javascript; charset=utf-8',
    body: readFileSync(new URL('./sandbox.js', import.meta.url)),
  },
  'sandbox.css': { type: 'text/css; charset=utf-8', body: readFileSync(new URL('./sandbox.css', import.meta.url)) },
};

/**
 * The processor's pages have their own policy, as a processor's domain would: scripts and styles of its own,
 * forms posted only to itself, and framing only by this site (the card form lives in a sandboxed frame
 * without same-origin rights, so the merchant page cannot read what is typed into it).
 */
const PAGE_CSP =
  "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; form-action 'self'; frame-ancestors 'self'; base-uri 'none'";

type Params = { id: string };
type Query = { hl?: string };
type Form = Record<string, string | undefined>;

export function sandboxRoutes(
  app: FastifyInstance,
  deps: { processor: SandboxProcessor; translator: Translator; merchant: string; clock: Clock },
): void {
  const { processor } = deps;
  const ctx = (req: FastifyRequest<{ Querystring: Query }>): PageContext => ({
    t: deps.translator,
    locale: resolveLocale(req.query.hl),
    merchant: deps.merchant,
  });
  const html = (reply: FastifyReply, body: string, status = 200) =>
    reply
      .code(status)
      .header('content-security-policy', PAGE_CSP)
      .header('x-frame-options', 'SAMEORIGIN')
      .header('cache-control', 'no-store')
      .type('text/html; charset=utf-8')
      .send(body);
  /** Back to the merchant: the same-origin path only (a processor never redirects off its allow-list). */
  const back = (reply: FastifyReply, url: string) => {
    const u = new URL(url, 'http://local');
    return reply.redirect(`${u.pathname}${u.search}`, 303);
  };

  app.register(async (scope) => {
    // The processor's pages are not part of our API: kept out of the OpenAPI document.
    scope.addHook('onRoute', (route) => {
      route.schema = { ...route.schema, hide: true };
    });
    scope.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 4096 },
      (_req, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
    );

    scope.get<{ Params: { name: string } }>(`${SANDBOX_PREFIX}/assets/:name`, (req, reply) => {
      const asset = ASSETS[req.params.name as keyof typeof ASSETS];
      if (!asset) return reply.code(404).send();
      // Loaded by a frame with an opaque origin: a same-origin resource policy would block it.
      return reply
        .header('cross-origin-resource-policy', 'cross-origin')
        .header('cache-control', 'public, max-age=3600')
        .type(asset.type)
        .send(asset.body);
    });

    // The sandbox's "dashboard": make a saved method decline from now on (a card that expired or was
    // blocked), as processors' test modes let you, so renewal failures can be tried by hand and in tests.
    scope.post<{ Params: { id: string }; Body: { failing?: string } }>(
      `${SANDBOX_PREFIX}/methods/:id/failing`,
      async (req, reply) => {
        const failing = req.body?.failing !== 'false';
        const found = await processor.setMethodFailing(req.params.id, failing);
        return reply.code(found ? 200 : 404).send({ id: req.params.id, failing, found });
      },
    );

    scope.get<{ Params: Params; Querystring: Query }>(`${SANDBOX_PREFIX}/pay/:id`, async (req, reply) => {
      const c = ctx(req);
      const p = await processor.get(req.params.id);
      if (p?.kind !== 'card') return html(reply, messagePage(c, 'notFound'), 404);
      if (p.status === 'requires_action') return html(reply, threeDsPage(c, p));
      if (p.status === 'succeeded') return html(reply, resultPage(c, p));
      return html(reply, cardFormPage(c, p));
    });

    scope.post<{ Params: Params; Querystring: Query; Body: Form }>(
      `${SANDBOX_PREFIX}/pay/:id/confirm`,
      async (req, reply) => {
        const c = ctx(req);
        const p = await processor.get(req.params.id);
        if (p?.kind !== 'card') return html(reply, messagePage(c, 'notFound'), 404);
        if (p.status !== 'requires_payment_method' && p.status !== 'failed') return html(reply, resultPage(c, p));
        const body = req.body ?? {};
        const card = checkCard({ number: body.number, expiry: body.expiry, cvc: body.cvc }, deps.clock.now());
        if (!card.ok) return html(reply, cardFormPage(c, p, card.errors), 422);
        const after = await processor.chargeCard(p.id, card.number as keyof typeof TEST_CARDS);
        if (!after) return html(reply, messagePage(c, 'notFound'), 404);
        return html(reply, after.status === 'requires_action' ? threeDsPage(c, after) : resultPage(c, after));
      },
    );

    scope.post<{ Params: Params; Querystring: Query; Body: Form }>(
      `${SANDBOX_PREFIX}/pay/:id/3ds`,
      async (req, reply) => {
        const c = ctx(req);
        const after = await processor.authenticate(req.params.id, req.body?.decision === 'approve');
        if (!after) return html(reply, messagePage(c, 'notFound'), 404);
        return html(reply, resultPage(c, after));
      },
    );

    scope.get<{ Params: Params; Querystring: Query }>(`${SANDBOX_PREFIX}/paypal/:id`, async (req, reply) => {
      const c = ctx(req);
      const p = await processor.get(req.params.id);
      if (p?.kind !== 'paypal') return html(reply, messagePage(c, 'notFound'), 404);
      if (p.status === 'approved' || p.status === 'succeeded') return back(reply, p.return_url);
      if (p.status === 'canceled') return back(reply, p.cancel_url);
      return html(reply, paypalPage(c, p));
    });

    scope.post<{ Params: Params; Querystring: Query; Body: Form }>(
      `${SANDBOX_PREFIX}/paypal/:id/decision`,
      async (req, reply) => {
        const c = ctx(req);
        const after = await processor.paypalDecision(req.params.id, req.body?.decision === 'approve');
        if (!after) return html(reply, messagePage(c, 'notFound'), 404);
        return back(reply, after.status === 'canceled' ? after.cancel_url : after.return_url);
      },
    );
  });
}
