import type { TSku } from '@mindgauge/contract';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { OfferBanner } from './offer-banner';
import { SkuCard } from './sku-card';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

const sku: TSku = {
  skuId: 'sku2',
  tier: 2,
  title: 'Standard',
  subtitle: 'The full analysis',
  recommended: true,
  features: [{ logoId: 'iqScore', name: 'IQ score', content: 'With its range' }],
  entitlements: ['score'],
  price: { currency: 'USD', amount: 1499, listAmount: 2999, offer: true, beforePromoAmount: 1499, percentOff: 0 },
};

describe('SkuCard', () => {
  it('is a labelled radio card with the regular price struck through', () => {
    const onSelect = vi.fn();
    const { container } = render(<SkuCard sku={sku} checked={false} onSelect={onSelect} />);
    const card = container.querySelector('.sku-card[data-sku="sku2"]');
    expect(card?.tagName).toBe('LABEL');
    expect(container.querySelector('s')?.textContent).toContain('$29.99');
    expect(screen.getByText('$14.99', { exact: false })).toBeTruthy();
    const radio = screen.getByRole('radio');
    fireEvent.click(radio);
    expect(onSelect).toHaveBeenCalledWith('sku2');
    expect(container.querySelector('svg[aria-hidden="true"]')).toBeTruthy();
  });

  it('has no struck price without a discount', () => {
    const regular = { ...sku, price: { ...sku.price, amount: 2999, offer: false } };
    const { container } = render(<SkuCard sku={regular} checked onSelect={() => {}} />);
    expect(container.querySelector('s')).toBeNull();
    expect(container.querySelector('.sku-card')?.hasAttribute('data-selected')).toBe(true);
  });
});

describe('OfferBanner', () => {
  const T0 = Date.UTC(2026, 10, 21, 12, 0, 0);

  it('counts down, then says the offer ended and asks for new prices', () => {
    vi.useFakeTimers({ now: T0 });
    const onExpire = vi.fn();
    const offer = { deadline: new Date(T0 + 3000).toISOString(), active: true, serverNow: new Date(T0).toISOString() };
    const { container } = render(<OfferBanner offer={offer} offsetMs={0} onExpire={onExpire} />);
    expect(container.querySelector('.offer-banner__clock')?.textContent).toBe('00:00:03');
    act(() => {
      vi.advanceTimersByTime(3250);
    });
    expect(container.querySelector('[role="status"]')?.textContent).toBe('scheme.offer.ended');
    expect(onExpire).not.toHaveBeenCalled();
    act(() => {
      vi.advanceTimersByTime(1000);
    });
    expect(onExpire).toHaveBeenCalledTimes(1);
  });

  it('shows nothing without an active offer', () => {
    const offer = { deadline: null, active: false, serverNow: new Date(T0).toISOString() };
    const { container } = render(<OfferBanner offer={offer} offsetMs={0} onExpire={() => {}} />);
    expect(container.querySelector('.offer-banner')).toBeNull();
  });
});
