import type { persistent } from '../storage';
import type { ConsentChoice } from './consent-rule';
import { gtag } from './gtag';
import type { PixelWindow } from './providers/provider';

type Signal = 'granted' | 'denied';

/** Why the signals are what they are: a record an operator can show, and what the tests read. */
export type ConsentBasis = 'default' | 'waiting' | 'asking' | 'region' | 'choice' | 'excluded-path' | 'mode';

/** Consent Mode v2's four signals, stored as `gtag-state` (spec section 4), with the visitor's own choice. */
export interface GtagState {
  ad_user_data: Signal;
  ad_personalization: Signal;
  ad_storage: Signal;
  analytics_storage: Signal;
  basis: ConsentBasis;
  /** The banner's answer; kept when a page's rule denies (an excluded path) so it stands on the next page. */
  choice: ConsentChoice | null;
  /** When the choice was made (epoch ms): the proof of consent the GDPR asks for. */
  choiceAt: number | null;
}

const KEY = 'gtag-state';
/** A choice is asked again after six months, as the EU data protection authorities recommend. */
const CHOICE_DAYS = 183;

const signals = (granted: boolean) => {
  const s: Signal = granted ? 'granted' : 'denied';
  return { ad_user_data: s, ad_personalization: s, ad_storage: s, analytics_storage: s };
};

/** Long-lived storage (lib/storage's `persistent`), passed in so this chunk shares no module with the first load. */
export type KeyStore = Pick<typeof persistent, 'get' | 'set'>;

export function readGtagState(store: KeyStore): GtagState | undefined {
  return store.get<GtagState>(KEY);
}

export function writeGtagState(store: KeyStore, state: GtagState): void {
  store.set(KEY, state, CHOICE_DAYS);
}

/** Consent Mode's default, before any tag: every signal denied, tags wait 500 ms for an update. */
export function pushConsentDefault(win: PixelWindow, waitMs: number): void {
  gtag(win, 'consent', 'default', { ...signals(false), wait_for_update: waitMs });
}

export function pushConsentUpdate(win: PixelWindow, granted: boolean): void {
  gtag(win, 'consent', 'update', signals(granted));
}

export function stateOf(granted: boolean, basis: ConsentBasis, previous: GtagState | undefined): GtagState {
  return {
    ...signals(granted),
    basis,
    choice: previous?.choice ?? null,
    choiceAt: previous?.choiceAt ?? null,
  };
}
