import { useSyncExternalStore } from 'react';
import { LANDING_ALIASES, LANDING_VARIANTS, type LandingVariant } from '../../app/paths';
import { readConfig, updateConfig } from '../../lib/persisted-config';
import { persistent, session } from '../../lib/storage';
import { VISIT_IDENTITY_KEY } from '../../lib/visit-landing';

/**
 * The identity of a visit, as the landing that started it resolved it from the registry: the theme's custom
 * properties and the logo's drawing. Later screens apply this snapshot and never load the registry, so the
 * 24 variants' data stays in the landing's chunk instead of every screen's.
 */
export interface IdentitySnapshot {
  variant: LandingVariant;
  /** CSS custom property → `#rrggbb`. */
  props: Record<string, string>;
  mark: {
    frame: string;
    motif: string;
    paint: 'fill' | 'stroke';
    outline: boolean;
    /** How much smaller the motif is drawn inside a narrow frame. */
    scale: number;
    /** The mark's colour in the header, and in the dark footer. */
    ink: string;
    footerInk: string;
  };
  wordmark: {
    family: 'sans' | 'serif' | 'mono' | 'rounded';
    weight: number;
    case: 'none' | 'lower' | 'upper';
    tracking: number;
    italic: boolean;
  };
}

/** Per tab (the visit) and, as the spec's persisted config, for later visits in a new tab. */
const KEY = VISIT_IDENTITY_KEY;
/** Only the properties a theme may set (tokens.css and identity.css define their defaults). */
export const THEME_PROPERTIES = [
  '--color-brand',
  '--color-brand-strong',
  '--color-brand-soft',
  '--color-accent',
  '--color-bg',
  '--hero-from',
  '--hero-to',
  '--hero-text',
  '--hero-accent',
  '--hero-cta-bg',
  '--hero-cta-text',
] as const;

const HEX = /^#[0-9a-f]{6}$/i;
const PATH = /^[MmLlHhVvCcSsQqTtAaZz0-9.,\s-]{1,600}$/;

/**
 * Storage is the visitor's to edit: a snapshot is used only when every value has the shape the registry
 * writes (colours, path data, known options), so nothing else reaches the page's styles or drawing.
 */
export function parseSnapshot(value: unknown): IdentitySnapshot | null {
  if (typeof value !== 'object' || value === null) return null;
  const s = value as Partial<IdentitySnapshot>;
  if (!(LANDING_VARIANTS as readonly unknown[]).includes(s.variant)) return null;
  const props = s.props;
  if (typeof props !== 'object' || props === null) return null;
  const names = Object.keys(props);
  if (names.length !== THEME_PROPERTIES.length) return null;
  if (!THEME_PROPERTIES.every((p) => typeof props[p] === 'string' && HEX.test(props[p]))) return null;
  const m = s.mark;
  if (
    !m ||
    typeof m.frame !== 'string' ||
    !PATH.test(m.frame) ||
    typeof m.motif !== 'string' ||
    !PATH.test(m.motif) ||
    (m.paint !== 'fill' && m.paint !== 'stroke') ||
    typeof m.outline !== 'boolean' ||
    typeof m.scale !== 'number' ||
    !(m.scale >= 0.5 && m.scale <= 1) ||
    !HEX.test(String(m.ink)) ||
    !HEX.test(String(m.footerInk))
  )
    return null;
  const w = s.wordmark;
  if (
    !w ||
    !['sans', 'serif', 'mono', 'rounded'].includes(w.family) ||
    ![400, 500, 600, 700, 800, 900].includes(w.weight) ||
    !['none', 'lower', 'upper'].includes(w.case) ||
    typeof w.tracking !== 'number' ||
    Math.abs(w.tracking) > 0.3 ||
    typeof w.italic !== 'boolean'
  )
    return null;
  return s as IdentitySnapshot;
}

/** The variant a landing path shows: `/landing_page/girl/IQB-1799` and `/girlPage/IQB-1799` both give `girl`. */
export function variantOfPath(pathname: string): LandingVariant | null {
  const parts = pathname.split('/').filter(Boolean);
  if (parts[0] === 'landing_page' && parts.length === 3) {
    return (LANDING_VARIANTS as readonly string[]).includes(parts[1] ?? '') ? (parts[1] as LandingVariant) : null;
  }
  if (parts.length !== 2) return null;
  return LANDING_ALIASES[`/${parts[0]}/:scope`] ?? null;
}

/** The visit's identity: this tab's, else the one kept from an earlier visit (e.g. opening the report e-mail). */
export function readVisitIdentity(): IdentitySnapshot | null {
  return parseSnapshot(session.get(KEY)) ?? parseSnapshot(persistent.get(KEY));
}

const listeners = new Set<() => void>();
let current: IdentitySnapshot | null = null;

/** Sets the document's theme: the custom properties, the browser's theme colour, a data attribute. */
function apply(next: IdentitySnapshot | null): void {
  current = next;
  const root = document.documentElement;
  for (const name of THEME_PROPERTIES) {
    // Without an identity the stylesheet's defaults apply.
    const value = next?.props[name];
    if (value) root.style.setProperty(name, value);
    else root.style.removeProperty(name);
  }
  if (next) root.dataset.identity = next.variant;
  else delete root.dataset.identity;
  const meta = document.querySelector<HTMLMetaElement>('meta[name="theme-color"]');
  if (meta && next) meta.content = next.props['--color-brand'] ?? meta.content;
  for (const l of listeners) l();
}

/** A landing starts (or restarts) the visit's identity; called before the landing paints. */
export function startVisitIdentity(snapshot: IdentitySnapshot): void {
  session.set(KEY, snapshot);
  persistent.set(KEY, snapshot);
  if (readConfig().theme !== snapshot.variant) updateConfig({ theme: snapshot.variant });
  apply(snapshot);
}

/**
 * Once before the first render: a page that is not a landing takes the visit's identity, so its first paint
 * is already themed. A landing sets its own (the kept one would flash first).
 */
export function applyKeptIdentity(pathname: string): void {
  if (variantOfPath(pathname)) return;
  apply(readVisitIdentity());
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The visit's identity, re-rendering when a landing changes it. */
export function useVisitIdentity(): IdentitySnapshot | null {
  return useSyncExternalStore(
    subscribe,
    () => current,
    () => null,
  );
}
