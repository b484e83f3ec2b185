import { billedPhrase, buildHref, DEFAULT_EXAM_ID, formatMoney, type Locale, skuTextKey } from '@mindgauge/contract';
import { z } from 'zod';
import type { Translator } from '../../i18n/translator';
import { type LayoutInput, type RenderedEmail, renderLayout } from './email-layout';

const ZPlanTerms = z.object({
  planId: z.string(),
  amountMinor: z.number().int(),
  currency: z.string(),
  interval: z.enum(['DAY', 'WEEK', 'MONTH', 'YEAR']),
  intervalCount: z.number().int(),
  cancelUrl: z.string(),
});
type PlanTerms = z.infer<typeof ZPlanTerms>;

const longDate = (locale: Locale, ms: number) =>
  new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'UTC' }).format(ms);

/** "19.99 every week": the contract's wording, the same words as the pay button's disclosure. */
function billed(t: Translator, locale: Locale, p: PlanTerms): string {
  return billedPhrase((key, values) => t.t(locale, key, values), p);
}

/** The footer of every billing e-mail: how to cancel, with the signed one-click link. */
function cancelBlocks(t: Translator, locale: Locale, p: PlanTerms) {
  return [
    { text: t.t(locale, 'email:plan.cancelNote') },
    { link: { label: t.t(locale, 'email:plan.cancel'), href: p.cancelUrl } },
  ];
}

/** What a message's rendering gets besides its payload: the language, and its translation function. */
interface RenderContext {
  t: Translator;
  locale: Locale;
  tt: (key: string, options?: Record<string, unknown>) => string;
}

/** What a message is made of; the one layout (greeting, footer, help link) wraps it. */
type MessageBody = Omit<LayoutInput, 'locale' | 'siteUrl'>;

/** A message: its payload schema, and its content, whose payload is typed by the schema. */
function defineTemplate<S extends z.ZodType>(def: {
  payload: S;
  render(c: RenderContext, p: z.output<S>): MessageBody;
}) {
  return def;
}

/** Each message: its payload schema and how it renders in a locale. Add new messages here, only here. */
const templates = {
  // Only the ticket reference: the form accepts any address, so the acknowledgement must carry no words of
  // the sender's (name or message) that could turn it into a relay from our domain to a stranger.
  supportAck: defineTemplate({
    payload: z.object({ ticket: z.string() }),
    render({ tt }, p) {
      return {
        subject: tt('email:supportAck.subject', { ticket: p.ticket }),
        preheader: tt('email:supportAck.preheader', { ticket: p.ticket }),
        blocks: [
          { text: tt('email:supportAck.intro') },
          { text: tt('email:supportAck.reference', { ticket: p.ticket }) },
          { text: tt('email:supportAck.notYou') },
        ],
      };
    },
  }),
  supportNotify: defineTemplate({
    payload: z.object({
      name: z.string(),
      email: z.string(),
      ticket: z.string(),
      topic: z.string(),
      message: z.string(),
      hl: z.string(),
      order: z.string().nullable(),
    }),
    render({ tt }, p) {
      const topic = tt(`common:support.topics.${p.topic}`);
      return {
        subject: tt('email:supportNotify.subject', { ticket: p.ticket, topic, name: p.name }),
        blocks: [
          { text: tt('email:supportNotify.intro') },
          { text: tt('email:supportNotify.from', { name: p.name, email: p.email }) },
          { text: tt('email:supportNotify.language', { hl: p.hl }) },
          ...(p.order ? [{ text: tt('email:supportNotify.order', { order: p.order }) }] : []),
          { quote: p.message },
        ],
      };
    },
  }),
  // An operator's answer to a ticket, in the language the ticket was written in; the person's own message is
  // quoted back only here, to the address that wrote it (the ticket's), never to a typed one.
  supportReply: defineTemplate({
    payload: z.object({ ticket: z.string(), reply: z.string(), original: z.string() }),
    render({ tt }, p) {
      return {
        subject: tt('email:supportReply.subject', { ticket: p.ticket }),
        preheader: tt('email:supportReply.preheader', { ticket: p.ticket }),
        blocks: [
          { text: tt('email:supportReply.intro', { ticket: p.ticket }) },
          { quote: p.reply },
          { text: tt('email:supportReply.yourMessage') },
          { quote: p.original },
          { text: tt('email:supportReply.answer') },
        ],
      };
    },
  }),
  reportReady: defineTemplate({
    payload: z.object({
      orderNumber: z.string(),
      skuId: z.string(),
      /** The exam the tier belongs to (its title is the exam's own); absent in mails queued before it existed. */
      examId: z.optional(z.number().int()),
      amountMinor: z.number().int(),
      currency: z.string(),
      method: z.enum(['card', 'paypal']),
      paidAt: z.number(),
      reportUrl: z.string(),
      expiresInDays: z.number().int(),
      /** Set when the payment started a plan: its terms replace the "one-time payment" line. */
      subscription: z.optional(ZPlanTerms.extend({ trialEndsAt: z.number().nullable(), nextChargeAt: z.number() })),
      /** The buyer's account: a one-time link that signs in and lets them set a password (never a password). */
      signInUrl: z.optional(z.string()),
    }),
    render({ t, locale, tt }, p) {
      const tier = tt(`${skuTextKey(p.examId ?? DEFAULT_EXAM_ID, p.skuId)}.title`);
      const sub = p.subscription;
      const planBlocks = sub
        ? [
            { text: tt('email:plan.startedTitle', { plan: tt(`catalog:plans.${sub.planId}.title`) }) },
            {
              text: tt(sub.trialEndsAt === null ? 'email:plan.nextCharge' : 'email:plan.afterTrial', {
                date: longDate(locale, sub.nextChargeAt),
                billed: billed(t, locale, sub),
              }),
            },
            { text: tt('email:plan.untilCancel') },
            // Where the plan's benefits are (issue 18): the members' area, on the report link's site.
            { text: tt('email:plan.membersArea') },
            {
              link: {
                label: tt('email:plan.membersLink'),
                href: `${new URL(p.reportUrl).origin}${buildHref('members', {}, { hl: locale })}`,
              },
            },
            ...cancelBlocks(t, locale, sub),
          ]
        : [{ text: tt('email:reportReady.oneTime') }];
      const amount = formatMoney(p.amountMinor, p.currency);
      const date = longDate(locale, p.paidAt);
      return {
        subject: tt('email:reportReady.subject'),
        preheader: tt('email:reportReady.preheader', { tier }),
        blocks: [
          { text: tt('email:reportReady.intro', { tier }) },
          { link: { label: tt('email:reportReady.open'), href: p.reportUrl } },
          { text: tt('email:reportReady.linkNote', { days: p.expiresInDays }) },
          ...(p.signInUrl
            ? [
                { text: tt('account:mail.signIn.intro') },
                { link: { label: tt('account:mail.signIn.link'), href: p.signInUrl } },
                { text: tt('account:mail.signIn.note') },
              ]
            : []),
          { text: tt('email:reportReady.receiptTitle') },
          { text: tt('email:reportReady.receiptOrder', { order: p.orderNumber }) },
          { text: tt('email:reportReady.receiptItem', { tier, amount }) },
          { text: tt('email:reportReady.receiptMethod', { method: tt(`email:reportReady.methods.${p.method}`) }) },
          { text: tt('email:reportReady.receiptDate', { date }) },
          ...planBlocks,
        ],
      };
    },
  }),
  /**
   * After the e-mail step of an unpaid result: the free headline (class band and puzzles right, or below the
   * range the test measures), what a report adds, and signed links back to the result and the report choice.
   */
  resultSaved: defineTemplate({
    payload: z.object({
      orderNumber: z.string(),
      classKey: z.string(),
      band: z.string(),
      belowBound: z.number().int().nullable(),
      correct: z.number().int(),
      total: z.number().int(),
      resultUrl: z.string(),
      choiceUrl: z.string(),
      expiresInDays: z.number().int(),
    }),
    render({ tt }, p) {
      const headline =
        p.belowBound === null
          ? tt('results:mail.headlineClass', { name: tt(p.classKey), band: p.band })
          : tt('results:mail.headlineBelow', { bound: p.belowBound });
      const correct = tt('results:mail.correct', { count: p.correct, total: p.total });
      return {
        subject: tt('results:mail.subject'),
        preheader: `${headline} ${correct}`,
        blocks: [
          { text: tt('results:mail.intro', { order: p.orderNumber }) },
          { text: tt('results:mail.headlineTitle') },
          { quote: `${headline}\n${correct}` },
          { text: tt('results:mail.paid') },
          { link: { label: tt('results:mail.choose'), href: p.choiceUrl } },
          { link: { label: tt('results:mail.open'), href: p.resultUrl } },
          { text: tt('results:mail.linkNote', { days: p.expiresInDays }) },
          { text: tt('results:mail.noCharge') },
          { text: tt('results:mail.notYou') },
        ],
      };
    },
  }),
  reportList: defineTemplate({
    payload: z.object({
      expiresInDays: z.number().int(),
      reports: z.array(
        z.object({
          orderNumber: z.string(),
          skuId: z.string(),
          examId: z.optional(z.number().int()),
          paidAt: z.number(),
          url: z.string(),
        }),
      ),
      /** Results not paid for yet: never lost, each with the way to its report choice. */
      pending: z.array(z.object({ orderNumber: z.string(), takenAt: z.number(), url: z.string() })).default([]),
    }),
    render({ locale, tt }, p) {
      const date = (ms: number) => longDate(locale, ms);
      const count = p.reports.length;
      return {
        subject: tt('email:reportList.subject'),
        preheader:
          count > 0
            ? tt('email:reportList.preheader', { count })
            : tt('results:retrieveMail.preheader', { count: p.pending.length }),
        blocks: [
          ...(count > 0 ? [{ text: tt('email:reportList.intro', { count }) }] : []),
          ...p.reports.flatMap((r) => [
            {
              text: tt('email:reportList.item', {
                tier: tt(`${skuTextKey(r.examId ?? DEFAULT_EXAM_ID, r.skuId)}.title`),
                date: date(r.paidAt),
                order: r.orderNumber,
              }),
            },
            { link: { label: tt('email:reportList.open'), href: r.url } },
          ]),
          ...(p.pending.length > 0
            ? [{ text: tt('results:retrieveMail.pendingIntro', { count: p.pending.length }) }]
            : []),
          ...p.pending.flatMap((r) => [
            { text: tt('results:retrieveMail.pendingItem', { date: date(r.takenAt), order: r.orderNumber }) },
            { link: { label: tt('results:retrieveMail.pay'), href: r.url } },
          ]),
          { text: tt('email:reportList.linkNote', { days: p.expiresInDays }) },
          { text: tt('email:reportList.notYou') },
        ],
      };
    },
  }),
  trialReminder: defineTemplate({
    payload: ZPlanTerms.extend({ chargeAt: z.number() }),
    render({ t, locale, tt }, p) {
      const plan = tt(`catalog:plans.${p.planId}.title`);
      const date = longDate(locale, p.chargeAt);
      return {
        subject: tt('email:trialReminder.subject', { date }),
        preheader: tt('email:trialReminder.preheader', { billed: billed(t, locale, p), date }),
        blocks: [
          { text: tt('email:trialReminder.intro', { plan, date }) },
          { text: tt('email:trialReminder.charge', { billed: billed(t, locale, p), date }) },
          { text: tt('email:trialReminder.keep') },
          ...cancelBlocks(t, locale, p),
        ],
      };
    },
  }),
  renewalReceipt: defineTemplate({
    payload: ZPlanTerms.extend({
      chargeId: z.string(),
      paidAt: z.number(),
      periodStart: z.number(),
      periodEnd: z.number(),
      trialConverted: z.boolean(),
    }),
    render({ t, locale, tt }, p) {
      const plan = tt(`catalog:plans.${p.planId}.title`);
      const amount = formatMoney(p.amountMinor, p.currency);
      return {
        subject: tt('email:renewalReceipt.subject', { amount }),
        preheader: tt('email:renewalReceipt.preheader', { plan, amount }),
        blocks: [
          { text: tt(p.trialConverted ? 'email:renewalReceipt.introTrial' : 'email:renewalReceipt.intro', { plan }) },
          { text: tt('email:reportReady.receiptTitle') },
          { text: tt('email:renewalReceipt.item', { plan, amount }) },
          {
            text: tt('email:renewalReceipt.period', {
              from: longDate(locale, p.periodStart),
              to: longDate(locale, p.periodEnd),
            }),
          },
          { text: tt('email:reportReady.receiptDate', { date: longDate(locale, p.paidAt) }) },
          { text: tt('email:renewalReceipt.reference', { reference: p.chargeId }) },
          { text: tt('email:plan.nextCharge', { date: longDate(locale, p.periodEnd), billed: billed(t, locale, p) }) },
          ...cancelBlocks(t, locale, p),
        ],
      };
    },
  }),
  renewalFailed: defineTemplate({
    payload: ZPlanTerms.extend({ retryAt: z.number().nullable() }),
    render({ t, locale, tt }, p) {
      const plan = tt(`catalog:plans.${p.planId}.title`);
      const amount = formatMoney(p.amountMinor, p.currency);
      return {
        subject: tt(p.retryAt === null ? 'email:renewalFailed.subjectEnded' : 'email:renewalFailed.subject'),
        blocks: [
          { text: tt('email:renewalFailed.intro', { plan, amount }) },
          {
            text:
              p.retryAt === null
                ? tt('email:renewalFailed.ended')
                : tt('email:renewalFailed.retry', { date: longDate(locale, p.retryAt) }),
          },
          ...(p.retryAt === null ? [] : cancelBlocks(t, locale, p)),
        ],
      };
    },
  }),
  subscriptionCanceled: defineTemplate({
    payload: z.object({ planId: z.string(), canceledAt: z.number(), accessUntil: z.number() }),
    render({ locale, tt }, p) {
      const plan = tt(`catalog:plans.${p.planId}.title`);
      return {
        subject: tt('email:subscriptionCanceled.subject'),
        preheader: tt('email:subscriptionCanceled.preheader', { plan }),
        blocks: [
          { text: tt('email:subscriptionCanceled.intro', { plan, date: longDate(locale, p.canceledAt) }) },
          { text: tt('email:subscriptionCanceled.noCharge') },
          { text: tt('email:subscriptionCanceled.access', { date: longDate(locale, p.accessUntil) }) },
          { text: tt('email:subscriptionCanceled.notYou') },
        ],
      };
    },
  }),
  extraReceipt: defineTemplate({
    payload: z.object({
      packageId: z.string(),
      orderNumber: z.string(),
      amountMinor: z.number().int(),
      currency: z.string(),
      method: z.enum(['card', 'paypal']),
      paidAt: z.number(),
      reportUrl: z.string(),
      giftUrl: z.string().nullable(),
      vipUntil: z.number().nullable(),
    }),
    render({ locale, tt }, p) {
      const item = tt(`catalog:packages.${p.packageId}.title`);
      const amount = formatMoney(p.amountMinor, p.currency);
      return {
        subject: tt('email:extraReceipt.subject', { item }),
        preheader: tt('email:extraReceipt.preheader', { item, amount }),
        blocks: [
          { text: tt('email:extraReceipt.intro', { item }) },
          ...(p.giftUrl
            ? [
                { text: tt('email:extraReceipt.gift') },
                { link: { label: tt('email:extraReceipt.giftLink'), href: p.giftUrl } },
              ]
            : []),
          ...(p.vipUntil ? [{ text: tt('email:extraReceipt.vip', { date: longDate(locale, p.vipUntil) }) }] : []),
          { link: { label: tt('email:reportReady.open'), href: p.reportUrl } },
          { text: tt('email:reportReady.receiptTitle') },
          { text: tt('email:reportReady.receiptOrder', { order: p.orderNumber }) },
          { text: tt('email:extraReceipt.item', { item, amount }) },
          { text: tt('email:reportReady.receiptMethod', { method: tt(`email:reportReady.methods.${p.method}`) }) },
          { text: tt('email:reportReady.receiptDate', { date: longDate(locale, p.paidAt) }) },
          { text: tt('email:extraReceipt.oneTime') },
        ],
      };
    },
  }),
  giftRedeemed: defineTemplate({
    payload: z.object({
      orderNumber: z.string(),
      skuId: z.string(),
      examId: z.optional(z.number().int()),
      reportUrl: z.string(),
      expiresInDays: z.number().int(),
    }),
    render({ tt }, p) {
      const tier = tt(`${skuTextKey(p.examId ?? DEFAULT_EXAM_ID, p.skuId)}.title`);
      return {
        subject: tt('email:reportReady.subject'),
        preheader: tt('email:giftRedeemed.preheader', { tier }),
        blocks: [
          { text: tt('email:giftRedeemed.intro', { tier }) },
          { link: { label: tt('email:reportReady.open'), href: p.reportUrl } },
          { text: tt('email:reportReady.linkNote', { days: p.expiresInDays }) },
          { text: tt('email:reportReady.receiptOrder', { order: p.orderNumber }) },
          { text: tt('email:giftRedeemed.free') },
        ],
      };
    },
  }),
  cancelLinks: defineTemplate({
    payload: z.object({
      subscriptions: z.array(z.object({ planId: z.string(), cancelUrl: z.string(), accessUntil: z.number() })),
    }),
    render({ locale, tt }, p) {
      return {
        subject: tt('email:cancelLinks.subject'),
        preheader: tt('email:cancelLinks.preheader'),
        blocks: [
          { text: tt('email:cancelLinks.intro') },
          ...p.subscriptions.flatMap((s) => [
            {
              text: tt('email:cancelLinks.item', {
                plan: tt(`catalog:plans.${s.planId}.title`),
                date: longDate(locale, s.accessUntil),
              }),
            },
            { link: { label: tt('email:plan.cancel'), href: s.cancelUrl } },
          ]),
          { text: tt('email:cancelLinks.notYou') },
        ],
      };
    },
  }),
  emailChangeConfirm: defineTemplate({
    payload: z.object({
      orderNumber: z.string(),
      newEmail: z.string(),
      confirmUrl: z.string(),
      hours: z.number().int(),
    }),
    render({ tt }, p) {
      return {
        subject: tt('email:emailChange.subject'),
        preheader: tt('email:emailChange.preheader', { email: p.newEmail }),
        blocks: [
          { text: tt('email:emailChange.intro', { order: p.orderNumber, email: p.newEmail }) },
          { link: { label: tt('email:emailChange.confirm'), href: p.confirmUrl } },
          { text: tt('email:emailChange.expires', { hours: p.hours }) },
          { text: tt('email:emailChange.notYou') },
        ],
      };
    },
  }),
  /** A 6-digit code: to confirm a new account's address, or to set a new password. */
  accountCode: defineTemplate({
    payload: z.object({ code: z.string(), purpose: z.enum(['register', 'reset']), minutes: z.number().int() }),
    render({ tt }, p) {
      return {
        subject: tt(`account:mail.code.${p.purpose}.subject`),
        preheader: tt('account:mail.code.preheader', { code: p.code }),
        blocks: [
          { text: tt(`account:mail.code.${p.purpose}.intro`) },
          { quote: p.code },
          { text: tt('account:mail.code.expiry', { minutes: p.minutes }) },
          { text: tt('account:mail.code.notYou') },
        ],
      };
    },
  }),
  /** Someone registered with an address that has an account: the owner learns it, a stranger learns nothing. */
  accountExists: defineTemplate({
    payload: z.object({ loginUrl: z.string(), forgotUrl: z.string() }),
    render({ tt }, p) {
      return {
        subject: tt('account:mail.exists.subject'),
        blocks: [
          { text: tt('account:mail.exists.intro') },
          { link: { label: tt('account:mail.exists.login'), href: p.loginUrl } },
          { text: tt('account:mail.exists.forgot') },
          { link: { label: tt('account:mail.exists.forgotLink'), href: p.forgotUrl } },
          { text: tt('account:mail.code.notYou') },
        ],
      };
    },
  }),
  /** A password reset for an address without an account: says so, and where reports are found. */
  accountUnknown: defineTemplate({
    payload: z.object({ registerUrl: z.string(), retrieveUrl: z.string() }),
    render({ tt }, p) {
      return {
        subject: tt('account:mail.unknown.subject'),
        blocks: [
          { text: tt('account:mail.unknown.intro') },
          { link: { label: tt('account:mail.unknown.register'), href: p.registerUrl } },
          { text: tt('account:mail.unknown.reports') },
          { link: { label: tt('account:mail.unknown.retrieve'), href: p.retrieveUrl } },
          { text: tt('account:mail.code.notYou') },
        ],
      };
    },
  }),
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
  const tt = (key: string, options?: Record<string, unknown>) => t.t(locale, key, options);
  const body = (tpl.render as (c: RenderContext, p: unknown) => MessageBody)({ t, locale, tt }, payload);
  return renderLayout(t, { locale, siteUrl, ...body });
}
