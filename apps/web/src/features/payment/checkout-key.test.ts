import { afterEach, describe, expect, it } from 'vitest';
import {
  type CheckoutAttempt,
  checkoutKeyFor,
  checkoutKeyName,
  clearCheckoutKeys,
  lastAttempt,
  makeCheckoutKey,
  rememberAttempt,
} from './checkout-key';

const ORDER = 'MGabcdefghijklmnopqrstuv';
const OTHER = 'MGzyxwvutsrqponmlkjihgfe';
const attempt: CheckoutAttempt = { orderNumber: ORDER, skuId: 'sku2', method: 'card', promo: null };

// Each test starts with no key, in storage or in the module's in-memory copy (tests may run in any order).
afterEach(() => {
  clearCheckoutKeys(ORDER);
  clearCheckoutKeys(OTHER);
  sessionStorage.clear();
});

describe('checkout key', () => {
  it('is base64url, long enough for the contract', () => {
    const key = makeCheckoutKey();
    expect(key).toMatch(/^[A-Za-z0-9_-]{22,64}$/);
    expect(makeCheckoutKey()).not.toBe(key);
  });

  it('is reused for the same attempt (double click, retry, reload)', () => {
    const first = checkoutKeyFor(attempt);
    expect(checkoutKeyFor({ ...attempt })).toBe(first);
    expect(sessionStorage.getItem(checkoutKeyName(attempt))).toBe(first);
  });

  it('differs per tier, method and promo code', () => {
    const base = checkoutKeyFor(attempt);
    expect(checkoutKeyFor({ ...attempt, method: 'paypal' })).not.toBe(base);
    expect(checkoutKeyFor({ ...attempt, skuId: 'sku3' })).not.toBe(base);
    expect(checkoutKeyFor({ ...attempt, promo: 'WELCOME10' })).not.toBe(base);
  });

  it('is new after a failed payment clears the order', () => {
    const before = checkoutKeyFor(attempt);
    const other = checkoutKeyFor({ ...attempt, orderNumber: OTHER });
    clearCheckoutKeys(ORDER);
    expect(sessionStorage.getItem(checkoutKeyName(attempt))).toBeNull();
    expect(checkoutKeyFor(attempt)).not.toBe(before);
    // Other orders keep theirs.
    expect(checkoutKeyFor({ ...attempt, orderNumber: OTHER })).toBe(other);
  });

  it('replaces a tampered stored key', () => {
    sessionStorage.setItem(checkoutKeyName(attempt), 'bad key!');
    expect(checkoutKeyFor(attempt)).toMatch(/^[A-Za-z0-9_-]{22,64}$/);
  });

  it('remembers the latest attempt of an order', () => {
    expect(lastAttempt(ORDER)).toBeNull();
    rememberAttempt({ ...attempt, promo: 'WELCOME10' });
    expect(lastAttempt(ORDER)).toEqual({ ...attempt, promo: 'WELCOME10' });
    expect(lastAttempt(OTHER)).toBeNull();
  });
});
