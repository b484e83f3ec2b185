import type { AdProvider } from '@mindgauge/contract';
import type { AdEventData, AdEventName } from '../ad-event';

/** The page's globals the providers' snippets define (fbq, ttq, dataLayer, snaptr, uetq, pintrk). */
export type PixelWindow = Window & Record<string, unknown>;

export interface ProviderContext {
  /** The operator's pixel id for this provider. */
  id: string;
  win: PixelWindow;
  googleAdsPurchaseLabel?: string | undefined;
}

/**
 * One ad provider, as small as its official snippet: the tracker (ad-tracker.ts) decides when, this says
 * how. Every provider gets the same events, the same event id (the log id) and the same consent.
 */
export interface AdPixelProvider {
  key: AdProvider;
  /** The provider's script: its own address, and the path a local stand-in serves it under (tests). */
  script(id: string): { url: string; standIn: string };
  /** Defines the provider's command queue (its snippet's stub) and initialises it with consent withheld. */
  install(ctx: ProviderContext): void;
  /** Runs once its script has loaded (Microsoft's UET object is built only then). */
  afterLoad?(ctx: ProviderContext): void;
  /** Passes the visitor's consent on to the provider's own consent switch, where it has one. */
  consent(ctx: ProviderContext, granted: boolean): void;
  track(ctx: ProviderContext, name: AdEventName, data: AdEventData, eventId: string): void;
  /** The identify (advanced matching) call sent with a purchase that carries an e-mail; SHA-256, hex. */
  identify?(ctx: ProviderContext, emailSha256: string): void;
}

/** A command queue like the providers' snippets make: calls wait in `queue` until the script takes over. */
export type QueueFn = ((...args: unknown[]) => void) & { queue: unknown[]; [key: string]: unknown };

/** The ids of an event's contents, for providers that take a flat list. */
export const contentIds = (data: AdEventData) => (data.contents ?? []).map((c) => c.id);
export const itemCount = (data: AdEventData) => (data.contents ?? []).reduce((n, c) => n + c.quantity, 0);

/** Drops undefined fields: some providers send every key they are given, `undefined` included. */
export function defined<T extends Record<string, unknown>>(obj: T): Partial<T> {
  return Object.fromEntries(Object.entries(obj).filter(([, v]) => v !== undefined)) as Partial<T>;
}
