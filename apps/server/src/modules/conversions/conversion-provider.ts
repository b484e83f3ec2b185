import type { AdProvider } from '@mindgauge/contract';

/** A purchase as every conversion API needs it (built once, when the order is paid). */
export interface Purchase {
  /** The visit's log id: the browser pixel's event id, so each provider counts the purchase once. */
  eventId: string;
  /** When it was paid, epoch milliseconds. */
  paidAt: number;
  orderNumber: string;
  /** In major units, as the pixels send it. */
  value: number;
  currency: string;
  /** The tier bought (the pixels' content id). */
  contentId: string;
  /** SHA-256 of the trimmed, lower-cased e-mail: the only personal data, hashed as the APIs require. */
  emailSha256: string | null;
  clickIds: Readonly<Record<string, string>>;
  pageUrl: string | null;
  userAgent: string | null;
}

export interface ConversionRequest {
  url: string;
  headers: Record<string, string>;
  body: unknown;
}

/**
 * One ad provider's conversion API, behind the same provider ids as the browser pixels (decision 0024).
 * A provider only builds its request; sending, retrying and recording is the worker's.
 */
export interface ConversionProvider {
  id: AdProvider;
  /** The provider's answer to a purchase, from its configured ids. */
  request(purchase: Purchase): ConversionRequest;
}
