import type { AdProvider } from '@mindgauge/contract';
import type { Continent, RuntimeConfig } from '../runtime-config';
import type { session } from '../storage';
import { type AdEventData, type AdEventName, payloadFor } from './ad-event';
import { providersWithClick } from './click-ids';
import { type ConsentChoice, consentOutcome } from './consent-rule';
import {
  type ConsentBasis,
  type KeyStore,
  pushConsentDefault,
  pushConsentUpdate,
  readGtagState as readStoredState,
  stateOf,
  writeGtagState as writeStoredState,
} from './consent-state';
import { isExcludedPath } from './excluded-paths';
import { loadScript } from './load-script';
import type { AdPixelProvider, PixelWindow, ProviderContext } from './providers/provider';
import { sha256Email } from './sha256';

/**
 * The one place that decides whether an ad event leaves the page. An event reaches a provider only when
 * the operator configured its pixel, its click identifier is in the URL or storage, a log id exists, the
 * page is not on an excluded path, and consent is granted. Until then events wait in memory; a denial
 * drops them. Provider scripts load only at that moment, never before. The provider modules themselves
 * are a chunk of their own, fetched from our origin at that moment too: a visitor no pixel concerns does
 * not download them.
 */

/**
 * What the tracker needs from the app's shared code, handed over by ad-pixels.ts: importing it here would
 * make the bundler split those modules into extra chunks that every first page load then pays for.
 */
export interface TrackerDeps {
  persistent: KeyStore;
  session: Pick<typeof session, 'get'>;
  /** The kept query parameters: remembered from earlier pages, then this URL's. */
  keptQuery: (search: string) => Record<string, string>;
  clickParams: Record<AdProvider, readonly string[]>;
  consentWaitMs: number;
  /**
   * Tells the server the visit's log id and click identifiers for an order, so that its purchase can also
   * be sent from the server with the same event id (decision 0032). Called only under the pixels' rules.
   */
  recordAttribution?: (input: {
    orderNumber: string;
    logid: string;
    clickIds: Record<string, string>;
    pageUrl: string;
  }) => Promise<unknown>;
}
let deps: TrackerDeps;
const readGtagState = () => readStoredState(deps.persistent);
const writeGtagState = (state: Parameters<typeof writeStoredState>[1]) => writeStoredState(deps.persistent, state);

type Registry = Record<AdProvider, AdPixelProvider>;
let registry: Registry | undefined;
let registryLoad: Promise<Registry> | undefined;
function loadRegistry(): Promise<Registry> {
  registryLoad ??= import('./providers/registry').then((m) => {
    registry = m.PIXEL_PROVIDERS;
    return registry;
  });
  return registryLoad;
}

interface Queued {
  name: AdEventName;
  data: AdEventData;
  emailSha256?: string | undefined;
}

/** What the consent banner needs to know. */
export interface AdConsentView {
  /** The banner is shown (a visitor in Europe who has not answered, or one who asked to change). */
  bannerOpen: boolean;
  /** Some pixel is configured: the footer offers the choice again. */
  configured: boolean;
  /** The providers this visit would inform (configured, with their click identifier). */
  providers: AdProvider[];
  granted: boolean;
}

interface Tracker {
  win: PixelWindow;
  pixels: RuntimeConfig['pixels'];
  mode: string;
  continent: Continent;
  path: string;
  granted: boolean;
  bannerOpen: boolean;
  queue: Queued[];
  installed: Set<AdProvider>;
  loading: Set<AdProvider>;
  /** Orders whose attribution waits for consent (or the log id); and those already told. */
  attributionPending: Set<string>;
  attributionSent: Set<string>;
  timer: ReturnType<typeof setTimeout> | undefined;
}

let tracker: Tracker | undefined;
let view: AdConsentView = { bannerOpen: false, configured: false, providers: [], granted: false };
const listeners = new Set<() => void>();

function kept(t: Tracker): Record<string, string> {
  return deps.keptQuery(t.win.location.search);
}

const eligible = (t: Tracker) => providersWithClick(t.pixels.ids, kept(t), deps.clickParams);

function contextOf(t: Tracker, p: AdProvider): ProviderContext {
  return { id: t.pixels.ids[p] as string, win: t.win, googleAdsPurchaseLabel: t.pixels.googleAdsPurchaseLabel };
}

function publish(t: Tracker): void {
  const next: AdConsentView = {
    bannerOpen: t.bannerOpen,
    configured: Object.keys(t.pixels.ids).length > 0,
    providers: eligible(t),
    granted: t.granted,
  };
  if (JSON.stringify(next) === JSON.stringify(view)) return;
  view = next;
  for (const l of listeners) l();
}

/**
 * Defines the providers' stubs (their snippets' queues) and passes them the current consent: Meta's
 * consent is revoked before its init and granted only after, as Meta asks.
 */
function install(t: Tracker, providers: Registry, eligibleNow: AdProvider[]): void {
  for (const p of eligibleNow) {
    if (t.installed.has(p)) continue;
    t.installed.add(p);
    providers[p].install(contextOf(t, p));
    if (t.granted) providers[p].consent(contextOf(t, p), true);
  }
}

function apply(t: Tracker, granted: boolean, basis: ConsentBasis): void {
  const previous = readGtagState();
  writeGtagState(stateOf(granted, basis, previous));
  if (granted !== t.granted) {
    t.granted = granted;
    pushConsentUpdate(t.win, granted);
    if (registry) for (const p of t.installed) registry[p].consent(contextOf(t, p), granted);
  }
  if (granted) flush(t);
  else if (basis !== 'asking' && basis !== 'waiting') t.queue.length = 0;
  publish(t);
}

function evaluate(t: Tracker, pathname: string): void {
  t.path = pathname;
  clearTimeout(t.timer);
  const outcome = consentOutcome({
    continent: t.continent,
    mode: t.mode,
    excluded: isExcludedPath(pathname),
    choice: readGtagState()?.choice ?? null,
  });
  switch (outcome.kind) {
    case 'denied':
    case 'granted':
      apply(t, outcome.kind === 'granted', outcome.basis);
      return;
    case 'ask':
      // Nothing to ask when no configured provider would hear of this visit.
      if (eligible(t).length > 0) t.bannerOpen = true;
      apply(t, false, 'asking');
      return;
    case 'grant-after-wait':
      if (t.granted) {
        apply(t, true, 'region');
        return;
      }
      apply(t, false, 'waiting');
      t.timer = setTimeout(() => apply(t, true, 'region'), deps.consentWaitMs);
  }
}

/** The click identifiers of the eligible providers, as the visit carries them (URL or storage). */
function clickIdsOf(t: Tracker, providers: AdProvider[]): Record<string, string> {
  const query = kept(t);
  const out: Record<string, string> = {};
  for (const p of providers) for (const param of deps.clickParams[p]) if (query[param]) out[param] = query[param];
  return out;
}

function sendAttributions(t: Tracker, logid: string, providers: AdProvider[]): void {
  if (!deps.recordAttribution || providers.length === 0) return;
  const clickIds = clickIdsOf(t, providers);
  for (const orderNumber of t.attributionPending) {
    t.attributionPending.delete(orderNumber);
    if (t.attributionSent.has(orderNumber)) continue;
    t.attributionSent.add(orderNumber);
    // Best effort: a failure only means the server-side copy of the purchase is not sent.
    deps
      .recordAttribution({ orderNumber, logid, clickIds, pageUrl: t.win.location.origin + t.path })
      .catch(() => t.attributionSent.delete(orderNumber));
  }
}

function flush(t: Tracker): void {
  if (!t.granted || isExcludedPath(t.path)) return;
  const logid = deps.session.get<string>('logid');
  if (!logid) return; // ensureLogid calls adPixelsLogidReady once it has one.
  const providers = eligible(t);
  sendAttributions(t, logid, providers);
  const events = t.queue.splice(0);
  if (providers.length === 0) return;
  void loadRegistry().then((reg) => {
    // Consent may have been withdrawn (or the page left for an excluded one) while the chunk loaded.
    if (!t.granted || isExcludedPath(t.path)) return;
    install(t, reg, providers);
    for (const p of providers) {
      if (t.loading.has(p)) continue;
      t.loading.add(p);
      const ctx = contextOf(t, p);
      const script = reg[p].script(ctx.id);
      const src = t.pixels.scriptOrigin ? `${t.pixels.scriptOrigin}/${script.standIn}` : script.url;
      // A blocked script (an ad blocker) changes nothing for the visitor.
      loadScript(t.win.document, src).then(
        () => reg[p].afterLoad?.(ctx),
        () => undefined,
      );
    }
    for (const ev of events) {
      for (const p of providers) {
        const ctx = contextOf(t, p);
        if (ev.name === 'purchase' && ev.emailSha256 && reg[p].identify) reg[p].identify?.(ctx, ev.emailSha256);
        reg[p].track(ctx, ev.name, ev.data, logid);
      }
    }
  });
}

/** Puts Consent Mode's default in place and applies the rule to the first page. Once, from ad-pixels.ts. */
export function initAdPixels(options: {
  config: Pick<RuntimeConfig, 'pixels' | 'mode'>;
  continent: Continent;
  pathname: string;
  win?: PixelWindow;
  deps: TrackerDeps;
}): void {
  deps = options.deps;
  const win = options.win ?? (window as unknown as PixelWindow);
  tracker = {
    win,
    pixels: options.config.pixels,
    mode: options.config.mode,
    continent: options.continent,
    path: options.pathname,
    granted: false,
    bannerOpen: false,
    queue: [],
    installed: new Set(),
    loading: new Set(),
    attributionPending: new Set(),
    attributionSent: new Set(),
    timer: undefined,
  };
  // Consent Mode's default (denied, 500 ms wait) before anything else: no tag exists yet.
  pushConsentDefault(win, deps.consentWaitMs);
  writeGtagState(stateOf(false, 'default', readGtagState()));
  evaluate(tracker, options.pathname);
}

/** The page changed: the rule depends on the path (excluded paths). */
export function adPixelsNavigated(pathname: string): void {
  if (tracker && tracker.path !== pathname) evaluate(tracker, pathname);
}

/** The log id exists now: events waiting for it may go. */
export function adPixelsLogidReady(): void {
  if (tracker) flush(tracker);
}

/** Records an ad event; it leaves the page only under the rules above. */
export async function trackAdEvent(name: AdEventName, data: AdEventData = {}): Promise<void> {
  const t = tracker;
  if (!t || Object.keys(t.pixels.ids).length === 0) return;
  if (isExcludedPath(t.win.location.pathname) || eligible(t).length === 0) return;
  const emailSha256 = name === 'purchase' && data.email ? await sha256Email(data.email) : undefined;
  t.queue.push({ name, data: payloadFor(name, data), emailSha256 });
  flush(t);
}

/**
 * The order being paid (payment page) or paid (success page): once consent is granted and a provider is
 * eligible, the server learns the visit's log id and click identifiers for it (server-side conversions).
 */
export function shareAttribution(orderNumber: string): void {
  const t = tracker;
  if (!t || Object.keys(t.pixels.ids).length === 0) return;
  if (t.attributionSent.has(orderNumber)) return;
  t.attributionPending.add(orderNumber);
  flush(t);
}

const PURCHASES_KEY = 'ad-purchases';

/** The purchase of an order is sent once, however often its success page is opened. */
export function trackPurchaseOnce(orderNumber: string, data: AdEventData): void {
  if (!tracker || Object.keys(tracker.pixels.ids).length === 0) return;
  const sent = deps.persistent.get<string[]>(PURCHASES_KEY) ?? [];
  if (sent.includes(orderNumber)) return;
  deps.persistent.set(PURCHASES_KEY, [...sent, orderNumber].slice(-50));
  shareAttribution(orderNumber);
  void trackAdEvent('purchase', { ...data, orderNumber });
}

/** The visitor's answer in the consent banner. */
export function setAdConsentChoice(choice: ConsentChoice): void {
  const t = tracker;
  if (!t) return;
  writeGtagState({ ...stateOf(false, 'choice', readGtagState()), choice, choiceAt: Date.now() });
  t.bannerOpen = false;
  evaluate(t, t.path);
  publish(t);
}

/** Opens the banner again (the footer's "ad privacy choices"), for anyone, anywhere. */
export function openAdConsentChoices(): void {
  if (!tracker) return;
  tracker.bannerOpen = true;
  publish(tracker);
}

export function subscribeAdConsent(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function getAdConsentView(): AdConsentView {
  return view;
}
