import { STORAGE_PREFIX, type TPaymentMethod, type TPlanId, type TSkuId } from '@mindgauge/contract';

/**
 * The checkout key makes one checkout attempt idempotent on the server: a double click, a retry after a
 * network error or a reload of the payment page sends the same key and resumes the same payment. It is kept
 * per tab (sessionStorage), per order, tier, method and promo code; only a failed payment clears it, so the
 * next attempt is a new one.
 */
export interface CheckoutAttempt {
  orderNumber: string;
  skuId: TSkuId;
  /** Set when the attempt pays a plan (then `skuId` is the tier the plan includes). */
  planId?: TPlanId | null;
  method: TPaymentMethod;
  promo: string | null;
}

const KEY_PREFIX = `${STORAGE_PREFIX}checkout-key:`;
const LAST_PREFIX = `${STORAGE_PREFIX}checkout-last:`;

/** Used when sessionStorage is unavailable (private mode): keys still survive a double click. */
const memory = new Map<string, string>();

function read(name: string): string | null {
  try {
    return sessionStorage.getItem(name) ?? memory.get(name) ?? null;
  } catch {
    return memory.get(name) ?? null;
  }
}

function write(name: string, value: string): void {
  memory.set(name, value);
  try {
    sessionStorage.setItem(name, value);
  } catch {
    // Storage full or blocked: the in-memory copy still serves this page.
  }
}

/** The storage name of an attempt's key. */
export function checkoutKeyName(a: CheckoutAttempt): string {
  return `${KEY_PREFIX}${a.orderNumber}:${a.planId ? `plan-${a.planId}` : a.skuId}:${a.method}:${a.promo ?? ''}`;
}

/** 18 random bytes as base64url: 24 characters of [A-Za-z0-9_-]. */
export function makeCheckoutKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(18));
  let binary = '';
  for (const b of bytes) binary += String.fromCharCode(b);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** The key of this attempt: the stored one, or a new one that is stored before it is used. */
export function checkoutKeyFor(a: CheckoutAttempt): string {
  const name = checkoutKeyName(a);
  const stored = read(name);
  if (stored && /^[A-Za-z0-9_-]{16,64}$/.test(stored)) return stored;
  const key = makeCheckoutKey();
  write(name, key);
  return key;
}

/** Forgets every key of an order (after a failed payment): the next attempt gets a new key. */
export function clearCheckoutKeys(orderNumber: string): void {
  const prefix = `${KEY_PREFIX}${orderNumber}:`;
  for (const name of [...memory.keys()]) if (name.startsWith(prefix)) memory.delete(name);
  try {
    const names: string[] = [];
    for (let i = 0; i < sessionStorage.length; i++) {
      const name = sessionStorage.key(i);
      if (name?.startsWith(prefix)) names.push(name);
    }
    for (const name of names) sessionStorage.removeItem(name);
  } catch {
    // Nothing stored.
  }
}

/** Remembers what an order's latest attempt was, so the failed screen can offer to try it again. */
export function rememberAttempt(a: CheckoutAttempt): void {
  write(LAST_PREFIX + a.orderNumber, JSON.stringify(a));
}

export function lastAttempt(orderNumber: string): CheckoutAttempt | null {
  const raw = read(LAST_PREFIX + orderNumber);
  if (!raw) return null;
  try {
    const parsed = JSON.parse(raw) as CheckoutAttempt;
    return parsed.orderNumber === orderNumber ? parsed : null;
  } catch {
    return null;
  }
}
