import { LOCALES, type Locale } from '@mindgauge/contract';
import { type JsonTree, loadAllResources } from '@mindgauge/locales/node';
import { describe, expect, it } from 'vitest';
import { createTranslator, type Translator } from '../../i18n/translator';
import { renderTemplate, TEMPLATE_NAMES, type TemplateName, type TemplatePayload } from './templates';

const DAY = 86_400_000;
const at = Date.UTC(2026, 10, 21, 12);
const plan = {
  planId: 'weekly',
  amountMinor: 1999,
  currency: 'EUR',
  interval: 'WEEK' as const,
  intervalCount: 1,
  cancelUrl: 'https://example.test/cancel/subscription/IQB-1799?token=t',
};

/** One payload per message: a new message fails to type-check here until it has one. */
const samples: { [K in TemplateName]: TemplatePayload<K> } = {
  supportAck: { ticket: 'T-1' },
  supportReply: { ticket: 'T-1', reply: 'We have sent the report again.', original: 'I did not get my report.' },
  cancelLinks: {
    subscriptions: [
      { planId: 'weekly', cancelUrl: 'https://example.test/cancel/subscription/IQB-1799?sub=s', accessUntil: at },
    ],
  },
  emailChangeConfirm: {
    orderNumber: 'MGabc',
    newEmail: 'new@example.com',
    confirmUrl:
      'https://example.test/report/result/IQB-1799?order=MGabc&token=t&emailChange=new%40example.com&confirm=c',
    hours: 24,
  },
  supportNotify: {
    name: 'Ada',
    email: 'ada@example.com',
    ticket: 'T-1',
    topic: 'report',
    message: 'Hello <b>there</b>',
    hl: 'ja',
    order: 'MGabc',
  },
  reportReady: {
    orderNumber: 'MGabc',
    skuId: 'sku2',
    amountMinor: 1399,
    currency: 'EUR',
    method: 'card',
    paidAt: at,
    reportUrl: 'https://example.test/report/result/IQB-1799?order=MGabc&token=t',
    expiresInDays: 30,
    signInUrl: 'https://example.test/user/login/IQB-1799?link=t',
  },
  accountCode: { code: '012345', purpose: 'reset', minutes: 10 },
  accountExists: {
    loginUrl: 'https://example.test/user/login/IQB-1799',
    forgotUrl: 'https://example.test/user/forgot-password/IQB-1799',
  },
  accountUnknown: {
    registerUrl: 'https://example.test/user/register/IQB-1799',
    retrieveUrl: 'https://example.test/report/retrieve/IQB-1799',
  },
  reportList: {
    expiresInDays: 30,
    reports: [{ orderNumber: 'MGabc', skuId: 'sku3', paidAt: at, url: 'https://example.test/r?token=t' }],
  },
  resultSaved: {
    orderNumber: 'MG-ABCD-EFGH-JKMN-PQRS-TVWX-YZ01-2345',
    classKey: 'engine:class.superior',
    band: '115–129',
    belowBound: null,
    correct: 22,
    total: 30,
    resultUrl: 'https://example.test/report/result/IQB-1799?order=MGabc&token=t',
    choiceUrl: 'https://example.test/paying/scheme/IQB-1799?order=MGabc&token=t',
    expiresInDays: 30,
  },
  trialReminder: { ...plan, chargeAt: at + 2 * DAY },
  renewalReceipt: {
    ...plan,
    chargeId: 'ch_1',
    paidAt: at,
    periodStart: at,
    periodEnd: at + 7 * DAY,
    trialConverted: true,
  },
  renewalFailed: { ...plan, retryAt: at + DAY },
  subscriptionCanceled: { planId: 'fourweekly', canceledAt: at, accessUntil: at + 5 * DAY },
  extraReceipt: {
    packageId: 'presentedExam',
    orderNumber: 'MGabc',
    amountMinor: 999,
    currency: 'USD',
    method: 'paypal',
    paidAt: at,
    reportUrl: 'https://example.test/r?token=t',
    giftUrl: 'https://example.test/gift',
    vipUntil: at + 365 * DAY,
  },
  giftRedeemed: { orderNumber: 'MGabc', skuId: 'sku2', reportUrl: 'https://example.test/r?token=t', expiresInDays: 30 },
};

/** The branches the samples above do not take. */
const variants: { name: TemplateName; payload: unknown }[] = [
  { name: 'resultSaved', payload: { ...samples.resultSaved, belowBound: 70, correct: 1 } },
  {
    name: 'reportList',
    payload: {
      ...samples.reportList,
      pending: [{ orderNumber: 'MGdef', takenAt: at, url: 'https://example.test/paying/scheme/IQB-1799?t=1' }],
    },
  },
  {
    name: 'reportList',
    payload: {
      expiresInDays: 30,
      reports: [],
      pending: [{ orderNumber: 'MGdef', takenAt: at, url: 'https://example.test/paying/scheme/IQB-1799?t=1' }],
    },
  },
  {
    name: 'reportReady',
    payload: {
      ...samples.reportReady,
      subscription: { ...plan, trialEndsAt: at + 3 * DAY, nextChargeAt: at + 3 * DAY },
    },
  },
  { name: 'renewalFailed', payload: { ...plan, intervalCount: 4, retryAt: null } },
  { name: 'renewalReceipt', payload: { ...samples.renewalReceipt, trialConverted: false } },
  { name: 'extraReceipt', payload: { ...samples.extraReceipt, giftUrl: null, vipUntil: null } },
];

const resources = loadAllResources();

/** Whether a key resolves in the locale itself (not through the English fallback), plural forms included. */
function hasOwn(locale: Locale, key: string, options?: Record<string, unknown>): boolean {
  const [ns, path = ''] = key.split(':');
  let node: JsonTree | string | undefined = resources[locale][ns as string];
  const parts = path.split('.');
  for (const part of parts.slice(0, -1)) node = typeof node === 'object' ? node[part] : undefined;
  if (typeof node !== 'object') return false;
  const last = parts[parts.length - 1] as string;
  if (typeof node[last] === 'string') return true;
  return options?.count !== undefined && Object.keys(node).some((k) => k.startsWith(`${last}_`));
}

function checking(base: Translator, missing: string[]): Translator {
  return {
    t(locale, key, options) {
      if (!hasOwn(locale, key, options as Record<string, unknown>)) missing.push(`${locale} ${key}`);
      return base.t(locale, key, options);
    },
    tree: base.tree,
  };
}

describe('e-mail templates', () => {
  const base = createTranslator();
  const cases = [...TEMPLATE_NAMES.map((name) => ({ name, payload: samples[name] as unknown })), ...variants];

  it.each(LOCALES)('render every message and branch in %s from its own locale file', (locale) => {
    const missing: string[] = [];
    const t = checking(base, missing);
    for (const c of cases) {
      const mail = renderTemplate(t, c.name, locale, JSON.stringify(c.payload), 'https://example.test');
      for (const part of [mail.subject, mail.text, mail.html]) {
        expect(part, `${c.name} in ${locale}`).not.toMatch(/\b(email|catalog|common|results|engine):[a-zA-Z]/);
        expect(part, `${c.name} in ${locale}`).not.toContain('{{');
      }
      expect(mail.subject.length, c.name).toBeGreaterThan(3);
      expect(mail.html).not.toContain('<b>there</b>');
    }
    expect(missing).toEqual([]);
  });

  it('refuses a payload that does not match its message', () => {
    expect(() =>
      renderTemplate(base, 'reportList', 'en', JSON.stringify({ reports: 'no' }), 'https://x.test'),
    ).toThrow();
    expect(() => renderTemplate(base, 'nope', 'en', '{}', 'https://x.test')).toThrow(/Unknown e-mail template/);
  });
});
