/** The six ad events of the spec's section 7, in our words; each provider names them its own way. */
export type AdEventName =
  | 'view-content'
  | 'customize'
  | 'add-to-cart'
  | 'initiate-checkout'
  | 'add-payment-info'
  | 'purchase';

export interface AdContent {
  /** A report tier (`sku2`) or a plan id. */
  id: string;
  quantity: number;
  /** Unit price in major units. */
  price?: number;
}

export interface AdEventData {
  /** Major units (19.99), as the providers expect. */
  value?: number;
  currency?: string;
  contents?: AdContent[];
  contentType?: 'product';
  /** The order, for purchases (Google's transaction id, once-per-order). */
  orderNumber?: string;
  /** The buyer's address, for the one provider's identify call on purchase (hashed before it leaves). */
  email?: string;
}

/**
 * Initiate-checkout is sent trimmed (spec section 7): the first content item only, with quantity 1, and the
 * value, currency and content type; nothing else the page may know (the e-mail, the order) goes with it.
 */
export function trimForCheckout(data: AdEventData): AdEventData {
  const first = data.contents?.[0];
  return {
    ...(data.value === undefined ? {} : { value: data.value }),
    ...(data.currency ? { currency: data.currency } : {}),
    contents: first
      ? [{ id: first.id, quantity: 1, ...(first.price === undefined ? {} : { price: first.price }) }]
      : [],
    contentType: 'product',
  };
}

/** What an event carries to a provider: initiate-checkout trimmed, the e-mail only with a purchase. */
export function payloadFor(name: AdEventName, data: AdEventData): AdEventData {
  if (name === 'initiate-checkout') return trimForCheckout(data);
  if (name !== 'purchase' && data.email !== undefined) {
    const { email: _dropped, ...rest } = data;
    return rest;
  }
  return data;
}
