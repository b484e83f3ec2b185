import { formatMoney, type Locale } from '@mindgauge/contract';
import type { Translator } from '../../../i18n/translator';
import { escapeHtml as e } from '../../mail/escape-html';
import { SANDBOX_PREFIX } from '../providers/sandbox-provider';
import type { CardCheck, SandboxPayment } from './sandbox-processor';

/** The sandbox processor's own pages: the card form in its isolated frame, 3-D Secure, and PayPal approval. */
export interface PageContext {
  t: Translator;
  locale: Locale;
  merchant: string;
}

function page(c: PageContext, title: string, body: string, attrs = ''): string {
  return `<!doctype html>
<html lang="${e(c.locale)}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${e(title)}</title><link rel="stylesheet" href="${SANDBOX_PREFIX}/assets/sandbox.css">
<script src="${SANDBOX_PREFIX}/assets/sandbox.js" defer></script></head>
<body${attrs}><main>${body}</main></body></html>`;
}

const tt = (c: PageContext, key: string, o?: Record<string, unknown>) => c.t.t(c.locale, `processor:${key}`, o);
const amountOf = (p: SandboxPayment) => formatMoney(p.amount_minor, p.currency);

function testModeBanner(c: PageContext): string {
  return `<p class="badge">${e(tt(c, 'testMode'))}</p>`;
}

function testCards(c: PageContext): string {
  const rows = [
    ['4242 4242 4242 4242', 'testCards.succeeds'],
    ['4000 0000 0000 0002', 'testCards.declined'],
    ['4000 0025 0000 3155', 'testCards.threeDs'],
    ['4000 0000 0000 9995', 'testCards.insufficient'],
  ]
    .map(([n, k]) => `<li><code>${n}</code> ${e(tt(c, k as string))}</li>`)
    .join('');
  return `<details class="cards"><summary>${e(tt(c, 'testCards.title'))}</summary><ul>${rows}</ul><p>${e(tt(c, 'testCards.any'))}</p></details>`;
}

type Errors = Extract<CardCheck, { ok: false }>['errors'];
const ERROR_KEYS = {
  number: { invalid: 'errors.numberInvalid', notTestCard: 'errors.numberNotTestCard' },
  expiry: { invalid: 'errors.expiryInvalid', expired: 'errors.expiryExpired' },
  cvc: { invalid: 'errors.cvcInvalid' },
} as const;

function field(
  c: PageContext,
  name: 'number' | 'expiry' | 'cvc',
  label: string,
  attrs: string,
  errors: Errors,
): string {
  const code = errors[name];
  const message = code ? tt(c, (ERROR_KEYS[name] as Record<string, string>)[code] ?? 'errors.numberInvalid') : '';
  const described = code ? ` aria-invalid="true" aria-describedby="${name}-error"` : '';
  return `<div class="field"><label for="${name}">${e(label)}</label>
<input id="${name}" name="${name}" ${attrs}${described} required>
${code ? `<p class="error" id="${name}-error">${e(message)}</p>` : ''}</div>`;
}

/** The card form. Card data is posted to the processor's endpoint only, from inside its own frame. */
export function cardFormPage(c: PageContext, p: SandboxPayment, errors: Errors = {}): string {
  const hl = encodeURIComponent(c.locale);
  const body = `${testModeBanner(c)}
<h1>${e(tt(c, 'card.title'))}</h1>
<p class="amount">${e(tt(c, 'card.to', { merchant: c.merchant, amount: amountOf(p) }))}</p>
<form method="post" action="${SANDBOX_PREFIX}/pay/${e(p.id)}/confirm?hl=${hl}" novalidate>
${field(c, 'number', tt(c, 'card.number'), 'inputmode="numeric" autocomplete="cc-number" maxlength="23" placeholder="4242 4242 4242 4242"', errors)}
<div class="row">
${field(c, 'expiry', tt(c, 'card.expiry'), 'inputmode="numeric" autocomplete="cc-exp" maxlength="7" placeholder="MM/YY"', errors)}
${field(c, 'cvc', tt(c, 'card.cvc'), 'inputmode="numeric" autocomplete="cc-csc" maxlength="4" placeholder="123"', errors)}
</div>
<button type="submit">${e(tt(c, 'card.pay', { amount: amountOf(p) }))}</button>
</form>
${testCards(c)}`;
  return page(c, tt(c, 'card.title'), body, Object.keys(errors).length ? ' data-has-errors="true"' : '');
}

/** The 3-D Secure challenge, as a bank shows it inside the payment frame. */
export function threeDsPage(c: PageContext, p: SandboxPayment): string {
  const action = `${SANDBOX_PREFIX}/pay/${e(p.id)}/3ds?hl=${encodeURIComponent(c.locale)}`;
  const body = `${testModeBanner(c)}
<h1>${e(tt(c, 'threeDs.title'))}</h1>
<p>${e(tt(c, 'threeDs.lead', { merchant: c.merchant, amount: amountOf(p) }))}</p>
<p>${e(tt(c, 'threeDs.card', { last4: p.card_last4 ?? '' }))}</p>
<form method="post" action="${action}" class="actions">
<button type="submit" name="decision" value="approve">${e(tt(c, 'threeDs.complete'))}</button>
<button type="submit" name="decision" value="fail" class="secondary">${e(tt(c, 'threeDs.fail'))}</button>
</form>`;
  return page(c, tt(c, 'threeDs.title'), body);
}

/** The outcome inside the frame; the frame's script tells the merchant page (status only, never card data). */
export function resultPage(c: PageContext, p: SandboxPayment): string {
  const status = p.status === 'succeeded' ? 'succeeded' : p.status === 'failed' ? 'failed' : 'processing';
  const body = `${testModeBanner(c)}<h1 role="status">${e(tt(c, `result.${status}`))}</h1>`;
  return page(c, tt(c, `result.${status}`), body, ` data-status="${status}" data-failure="${e(p.failure_code ?? '')}"`);
}

/** PayPal's approval screen in test mode: approve or cancel, then back to the merchant. */
export function paypalPage(c: PageContext, p: SandboxPayment): string {
  const action = `${SANDBOX_PREFIX}/paypal/${e(p.id)}/decision?hl=${encodeURIComponent(c.locale)}`;
  const body = `<p class="paypal-logo" aria-hidden="true">PayPal</p>${testModeBanner(c)}
<h1>${e(tt(c, 'paypal.title'))}</h1>
<p class="amount">${e(tt(c, 'paypal.lead', { merchant: c.merchant, amount: amountOf(p) }))}</p>
<p>${e(p.description)}</p>
<form method="post" action="${action}" class="actions">
<button type="submit" name="decision" value="approve">${e(tt(c, 'paypal.approve'))}</button>
<button type="submit" name="decision" value="cancel" class="secondary">${e(tt(c, 'paypal.cancel', { merchant: c.merchant }))}</button>
</form>`;
  return page(c, tt(c, 'paypal.title'), body, ' class="full"');
}

export function messagePage(c: PageContext, key: string, status = ''): string {
  return page(c, tt(c, key), `<h1>${e(tt(c, key))}</h1>`, status ? ` data-status="${status}"` : '');
}
