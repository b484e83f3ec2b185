import { formatMoney, type Locale } from '@mindgauge/contract';
import { z } from 'zod';
import type { Translator } from '../../i18n/translator';
import { type RenderedEmail, renderLayout } from './email-layout';

/** Each message: its payload schema and how it renders in a locale. Add new messages here, only here. */
const templates = {
  supportAck: {
    payload: z.object({ name: z.string(), ticket: z.string(), topic: z.string(), message: z.string() }),
    render(
      t: Translator,
      locale: Locale,
      p: { name: string; ticket: string; topic: string; message: string },
      siteUrl: string,
    ) {
      const tt = (k: string, o?: Record<string, unknown>) => t.t(locale, k, o);
      return renderLayout(t, {
        locale,
        siteUrl,
        name: p.name,
        subject: tt('email:supportAck.subject', { ticket: p.ticket }),
        preheader: tt('email:supportAck.preheader', { ticket: p.ticket }),
        blocks: [
          { text: tt('email:supportAck.intro') },
          { text: tt('email:supportAck.reference', { ticket: p.ticket }) },
          {
            text: `${tt('email:supportAck.copyTitle')} — ${tt('email:supportAck.topicLabel', { topic: tt(`common:support.topics.${p.topic}`) })}`,
          },
          { quote: p.message },
        ],
      });
    },
  },
  supportNotify: {
    payload: z.object({
      name: z.string(),
      email: z.string(),
      ticket: z.string(),
      topic: z.string(),
      message: z.string(),
      hl: z.string(),
      order: z.string().nullable(),
    }),
    render(
      t: Translator,
      locale: Locale,
      p: {
        name: string;
        email: string;
        ticket: string;
        topic: string;
        message: string;
        hl: string;
        order: string | null;
      },
      siteUrl: string,
    ) {
      const tt = (k: string, o?: Record<string, unknown>) => t.t(locale, k, o);
      const topic = tt(`common:support.topics.${p.topic}`);
      return renderLayout(t, {
        locale,
        siteUrl,
        subject: tt('email:supportNotify.subject', { ticket: p.ticket, topic, name: p.name }),
        blocks: [
          { text: tt('email:supportNotify.intro') },
          { text: tt('email:supportNotify.from', { name: p.name, email: p.email }) },
          { text: tt('email:supportNotify.language', { hl: p.hl }) },
          ...(p.order ? [{ text: tt('email:supportNotify.order', { order: p.order }) }] : []),
          { quote: p.message },
        ],
      });
    },
  },
  reportReady: {
    payload: z.object({
      orderNumber: z.string(),
      skuId: z.string(),
      amountMinor: z.number().int(),
      currency: z.string(),
      method: z.enum(['card', 'paypal']),
      paidAt: z.number(),
      reportUrl: z.string(),
      expiresInDays: z.number().int(),
    }),
    render(
      t: Translator,
      locale: Locale,
      p: {
        orderNumber: string;
        skuId: string;
        amountMinor: number;
        currency: string;
        method: 'card' | 'paypal';
        paidAt: number;
        reportUrl: string;
        expiresInDays: number;
      },
      siteUrl: string,
    ) {
      const tt = (k: string, o?: Record<string, unknown>) => t.t(locale, k, o);
      const tier = tt(`catalog:skus.${p.skuId}.title`);
      const amount = formatMoney(p.amountMinor, p.currency);
      const date = new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'UTC' }).format(p.paidAt);
      return renderLayout(t, {
        locale,
        siteUrl,
        subject: tt('email:reportReady.subject'),
        preheader: tt('email:reportReady.preheader', { tier }),
        blocks: [
          { text: tt('email:reportReady.intro', { tier }) },
          { link: { label: tt('email:reportReady.open'), href: p.reportUrl } },
          { text: tt('email:reportReady.linkNote', { days: p.expiresInDays }) },
          { text: tt('email:reportReady.receiptTitle') },
          { text: tt('email:reportReady.receiptOrder', { order: p.orderNumber }) },
          { text: tt('email:reportReady.receiptItem', { tier, amount }) },
          { text: tt('email:reportReady.receiptMethod', { method: tt(`email:reportReady.methods.${p.method}`) }) },
          { text: tt('email:reportReady.receiptDate', { date }) },
          { text: tt('email:reportReady.oneTime') },
        ],
      });
    },
  },
  reportList: {
    payload: z.object({
      expiresInDays: z.number().int(),
      reports: z.array(z.object({ orderNumber: z.string(), skuId: z.string(), paidAt: z.number(), url: z.string() })),
    }),
    render(
      t: Translator,
      locale: Locale,
      p: { expiresInDays: number; reports: { orderNumber: string; skuId: string; paidAt: number; url: string }[] },
      siteUrl: string,
    ) {
      const tt = (k: string, o?: Record<string, unknown>) => t.t(locale, k, o);
      const date = (ms: number) => new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'UTC' }).format(ms);
      return renderLayout(t, {
        locale,
        siteUrl,
        subject: tt('email:reportList.subject'),
        preheader: tt('email:reportList.preheader', { count: p.reports.length }),
        blocks: [
          { text: tt('email:reportList.intro', { count: p.reports.length }) },
          ...p.reports.flatMap((r) => [
            {
              text: tt('email:reportList.item', {
                tier: tt(`catalog:skus.${r.skuId}.title`),
                date: date(r.paidAt),
                order: r.orderNumber,
              }),
            },
            { link: { label: tt('email:reportList.open'), href: r.url } },
          ]),
          { text: tt('email:reportList.linkNote', { days: p.expiresInDays }) },
          { text: tt('email:reportList.notYou') },
        ],
      });
    },
  },
} as const;

export type TemplateName = keyof typeof templates;
export type TemplatePayload<T extends TemplateName> = z.input<(typeof templates)[T]['payload']>;
export const TEMPLATE_NAMES = Object.keys(templates) as TemplateName[];

/** Renders a stored outbox row; the payload is re-validated because it crossed the database. */
export function renderTemplate(
  t: Translator,
  name: string,
  locale: Locale,
  payloadJson: string,
  siteUrl: string,
): RenderedEmail {
  const tpl = templates[name as TemplateName];
  if (!tpl) throw new Error(`Unknown e-mail template "${name}"`);
  const payload = tpl.payload.parse(JSON.parse(payloadJson));
  return (tpl.render as (t: Translator, l: Locale, p: unknown, s: string) => RenderedEmail)(
    t,
    locale,
    payload,
    siteUrl,
  );
}
