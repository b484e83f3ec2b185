import { useSyncExternalStore } from 'react';
import { LANDING_ALIASES, type LandingVariant } from '../../app/paths';
import { readConfig, updateConfig } from '../../lib/persisted-config';
import { session } from '../../lib/storage';
import { IDENTITIES, isLandingVariant, themeProperties } from './registry';

/** Per-tab key: the identity of the visit that started on a landing (the tab's session, like the app state). */
const SESSION_KEY = 'landing-identity';

/** The variant a landing path shows: `/landing_page/girl/IQB-1799` and `/girlPage/IQB-1799` both give `girl`. */
export function variantOfPath(pathname: string): LandingVariant | null {
  const parts = pathname.split('/').filter(Boolean);
  if (parts.length !== 2 && parts.length !== 3) return null;
  if (parts[0] === 'landing_page' && parts.length === 3) return isLandingVariant(parts[1]) ? parts[1] : null;
  if (parts.length !== 2) return null;
  return LANDING_ALIASES[`/${parts[0]}/:scope`] ?? null;
}

/**
 * The identity of this visit: the landing it started on (kept per tab), else the theme kept in the persisted
 * config (a later visit in a new tab, e.g. from the report e-mail, keeps the look the visitor knows).
 */
export function readVisitVariant(): LandingVariant | null {
  const inTab = session.get<string>(SESSION_KEY);
  if (isLandingVariant(inTab)) return inTab;
  const kept = readConfig().theme;
  return isLandingVariant(kept) ? kept : null;
}

const listeners = new Set<() => void>();
let current: LandingVariant | null = null;

/** Sets the document's theme: the registry's custom properties, the browser's theme colour, a data attribute. */
function applyTheme(variant: LandingVariant | null): void {
  const root = document.documentElement;
  const props = themeProperties(IDENTITIES[variant ?? 'test_center'].theme);
  for (const [name, value] of Object.entries(props)) {
    // Without an identity the stylesheet's defaults apply.
    if (variant) root.style.setProperty(name, value);
    else root.style.removeProperty(name);
  }
  if (variant) root.dataset.identity = variant;
  else delete root.dataset.identity;
  const meta = document.querySelector<HTMLMetaElement>('meta[name="theme-color"]');
  if (meta && variant) meta.content = IDENTITIES[variant].theme.brand;
}

/**
 * Called on every page (and once before the first render, so the first paint is already themed): a landing
 * starts (or restarts) the visit's identity; any other page keeps the one the visit has.
 */
export function syncVisitIdentity(pathname: string): LandingVariant | null {
  const landing = variantOfPath(pathname);
  if (landing) {
    session.set(SESSION_KEY, landing);
    if (readConfig().theme !== landing) updateConfig({ theme: landing });
  }
  const next = landing ?? readVisitVariant();
  if (next !== current) {
    current = next;
    applyTheme(next);
    for (const l of listeners) l();
  }
  return next;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The visit's identity, re-rendering when a landing changes it. */
export function useVisitVariant(): LandingVariant | null {
  return useSyncExternalStore(
    subscribe,
    () => current,
    () => null,
  );
}
