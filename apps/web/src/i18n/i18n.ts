import { DEFAULT_LOCALE, LOCALE_COOKIE, LOCALE_COOKIE_DAYS, type Locale, resolveLocale } from '@mindgauge/contract';
import {
  CORE_NAMESPACES,
  loadLandingResources,
  loadNamespace,
  PAID_NAMESPACES,
  PERSONALITY_NAMESPACES,
  type UiNamespace,
} from '@mindgauge/locales';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { setClientContext } from '../lib/api-client';
import { readConfig, updateConfig } from '../lib/persisted-config';
import { getCookie, setCookie } from '../lib/storage';
import { i18nextOptions } from './i18next-options';

/** The visitor's language: `hl` in the URL, then the locale cookie, then the stored config, then the browser. */
export function detectLocale(search: string = location.search): Locale {
  const hl = new URLSearchParams(search).get('hl');
  if (hl) return resolveLocale(hl);
  const cookie = getCookie(LOCALE_COOKIE);
  if (cookie) return resolveLocale(cookie);
  const stored = readConfig().localePath;
  if (stored && stored !== DEFAULT_LOCALE) return resolveLocale(stored);
  return resolveLocale(navigator.language);
}

/**
 * The namespaces a screen shown so far asked for: each is one small chunk per locale (issue 14), fetched
 * in parallel, and every locale switched to gets them all.
 */
const wanted = new Set<UiNamespace>(CORE_NAMESPACES);

async function addLocale(locale: Locale): Promise<void> {
  await Promise.all(
    [...wanted]
      .filter((ns) => !i18next.hasResourceBundle(locale, ns))
      .map(async (ns) => {
        i18next.addResourceBundle(locale, ns, await loadNamespace(locale, ns), true, true);
      }),
  );
}

/** Loads namespaces for the current language (and remembers them for a language switched to later). */
async function ensureNamespaces(namespaces: readonly UiNamespace[]): Promise<void> {
  for (const ns of namespaces) wanted.add(ns);
  await addLocale(i18next.language as Locale);
}

/** The members' area texts: loaded before its screens show. */
export function ensureMembersNamespace(): Promise<void> {
  return ensureNamespaces(['members']);
}

/** The operator console's texts: loaded only by the console. */
export function ensureConsoleNamespace(): Promise<void> {
  return ensureNamespaces(['console']);
}

/** The account texts: loaded before an account screen or the signed-in menu shows. */
export function ensureAccountNamespace(): Promise<void> {
  return ensureNamespaces(['account']);
}

/** The "about you" form's, social proof's and reviews' texts: loaded by the screens that show them. */
export function ensureGrowthNamespace(): Promise<void> {
  return ensureNamespaces(['growth']);
}

/**
 * Every namespace a landing screen shows: its loader awaits them, and so does a prerendered landing before it
 * hydrates (its loader does not run then), or its social proof would come up with bare keys.
 */
export async function ensureLandingScreenNamespaces(): Promise<void> {
  await Promise.all([ensureLandingNamespace(), ensureGrowthNamespace()]);
}

/** Starts fetching a locale's landing texts early; `ensureLandingNamespace` later finds the module loading. */
export function preloadLandingTexts(locale: Locale): void {
  // A failure here is the landing loader's to report when it asks for the same module.
  loadLandingResources(locale).catch(() => undefined);
}

/** The landing identities' texts: loaded with the landing screen. */
export function ensureLandingNamespace(): Promise<void> {
  return ensureNamespaces(['landings']);
}

/** The payment and report texts: loaded before the first screen that shows them (the landing and the test do not carry them). */
export function ensurePaidNamespaces(): Promise<void> {
  return ensureNamespaces(PAID_NAMESPACES);
}

/** The personality landing's and type pages' texts: the IQ landing does not carry them. */
export function ensurePersonalityNamespaces(): Promise<void> {
  return ensureNamespaces(PERSONALITY_NAMESPACES);
}

function remember(locale: Locale): void {
  document.documentElement.lang = locale;
  setCookie(LOCALE_COOKIE, locale, LOCALE_COOKIE_DAYS);
  updateConfig({ localePath: locale });
  setClientContext({ language: locale });
}

/** Starts i18next with only the visitor's locale (and English, the fallback) loaded. */
export async function initI18n(locale: Locale): Promise<typeof i18next> {
  await i18next.use(initReactI18next).init(i18nextOptions(locale, DEFAULT_LOCALE));
  // Every locale has every key (a test enforces it), so the English fallback is not loaded up front.
  await addLocale(locale);
  await i18next.changeLanguage(locale);
  remember(locale);
  return i18next;
}

/** Switches language: loads its chunk, then re-renders every text. */
export async function changeLocale(locale: Locale): Promise<void> {
  await addLocale(locale);
  await i18next.changeLanguage(locale);
  remember(locale);
}
