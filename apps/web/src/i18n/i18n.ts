import {
  DEFAULT_LOCALE,
  LOCALE_COOKIE,
  LOCALE_COOKIE_DAYS,
  LOCALES,
  type Locale,
  resolveLocale,
} from '@mindgauge/contract';
import {
  CORE_NAMESPACES,
  loadAccountResources,
  loadConsoleResources,
  loadGrowthResources,
  loadLandingResources,
  loadMembersResources,
  loadPaidResources,
  loadPersonalityResources,
  loadUiResources,
  PAID_NAMESPACES,
  PERSONALITY_NAMESPACES,
  UI_NAMESPACES,
} from '@mindgauge/locales';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { setClientContext } from '../lib/api-client';
import { readConfig, updateConfig } from '../lib/persisted-config';
import { getCookie, setCookie } from '../lib/storage';

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

/** Whether a payment or report screen asked for their namespaces (then every locale switched to gets them). */
let paidWanted = false;
/** Likewise for the personality pages' namespace. */
let personalityWanted = false;
/** Whether a landing asked for its identity texts (then every locale switched to gets them). */
let landingsWanted = false;
/** Likewise for the account screens' (and the signed-in account menu's) namespace. */
let accountWanted = false;
/** Likewise for the members' area (free tests, training, guide). */
let membersWanted = false;
/** Likewise for the operator console's namespace. */
let consoleWanted = false;
/** Likewise for the form, social proof and review texts (issue 20). */
let growthWanted = false;

async function addLocale(locale: Locale): Promise<void> {
  const core = i18next.hasResourceBundle(locale, 'common')
    ? null
    : loadUiResources(locale).then((r) => {
        for (const ns of CORE_NAMESPACES) i18next.addResourceBundle(locale, ns, r[ns], true, true);
      });
  const paid =
    !paidWanted || i18next.hasResourceBundle(locale, 'checkout')
      ? null
      : loadPaidResources(locale).then((r) => {
          for (const ns of PAID_NAMESPACES) i18next.addResourceBundle(locale, ns, r[ns], true, true);
        });
  const personality =
    !personalityWanted || i18next.hasResourceBundle(locale, 'types')
      ? null
      : loadPersonalityResources(locale).then((r) => {
          for (const ns of PERSONALITY_NAMESPACES) i18next.addResourceBundle(locale, ns, r[ns], true, true);
        });
  const landings =
    !landingsWanted || i18next.hasResourceBundle(locale, 'landings')
      ? null
      : loadLandingResources(locale).then((r) => {
          i18next.addResourceBundle(locale, 'landings', r, true, true);
        });
  const account =
    !accountWanted || i18next.hasResourceBundle(locale, 'account')
      ? null
      : loadAccountResources(locale).then((r) => {
          i18next.addResourceBundle(locale, 'account', r, true, true);
        });
  const growth =
    !growthWanted || i18next.hasResourceBundle(locale, 'growth')
      ? null
      : loadGrowthResources(locale).then((r) => {
          i18next.addResourceBundle(locale, 'growth', r, true, true);
        });
  const members =
    !membersWanted || i18next.hasResourceBundle(locale, 'members')
      ? null
      : loadMembersResources(locale).then((r) => {
          i18next.addResourceBundle(locale, 'members', r, true, true);
        });
  const consoleTexts =
    !consoleWanted || i18next.hasResourceBundle(locale, 'console')
      ? null
      : loadConsoleResources(locale).then((r) => {
          i18next.addResourceBundle(locale, 'console', r, true, true);
        });
  await Promise.all([core, paid, personality, landings, account, members, consoleTexts, growth]);
}

/** The members' area texts: loaded before its screens show (a chunk of their own). */
export async function ensureMembersNamespace(): Promise<void> {
  membersWanted = true;
  await addLocale(i18next.language as Locale);
}

/** The operator console's texts: loaded only by the console (a chunk of their own). */
export async function ensureConsoleNamespace(): Promise<void> {
  consoleWanted = true;
  await addLocale(i18next.language as Locale);
}

/** The account texts: loaded before an account screen or the signed-in menu shows (a chunk of their own). */
export async function ensureAccountNamespace(): Promise<void> {
  accountWanted = true;
  await addLocale(i18next.language as Locale);
}

/** The "about you" form's, social proof's and reviews' texts: loaded by the screens that show them. */
export async function ensureGrowthNamespace(): Promise<void> {
  growthWanted = true;
  await addLocale(i18next.language as Locale);
}

/** Starts fetching a locale's landing texts early; `ensureLandingNamespace` later finds the module loading. */
export function preloadLandingTexts(locale: Locale): void {
  // A failure here is the landing loader's to report when it asks for the same module.
  loadLandingResources(locale).catch(() => undefined);
}

/** The landing identities' texts: loaded with the landing screen (a small chunk per locale). */
export async function ensureLandingNamespace(): Promise<void> {
  landingsWanted = true;
  await addLocale(i18next.language as Locale);
}

/**
 * The payment and report texts: loaded before the first screen that shows them (their own chunk, so the
 * landing and the test do not carry them).
 */
export async function ensurePaidNamespaces(): Promise<void> {
  paidWanted = true;
  await addLocale(i18next.language as Locale);
}

/** The personality landing's and type pages' texts: their own chunk, so the IQ landing does not carry them. */
export async function ensurePersonalityNamespaces(): Promise<void> {
  personalityWanted = true;
  await addLocale(i18next.language as Locale);
}

function remember(locale: Locale): void {
  document.documentElement.lang = locale;
  setCookie(LOCALE_COOKIE, locale, LOCALE_COOKIE_DAYS);
  updateConfig({ localePath: locale });
  setClientContext({ language: locale });
}

/** Starts i18next with only the visitor's locale (and English, the fallback) loaded. */
export async function initI18n(locale: Locale): Promise<typeof i18next> {
  await i18next.use(initReactI18next).init({
    lng: locale,
    fallbackLng: DEFAULT_LOCALE,
    supportedLngs: [...LOCALES],
    ns: [...UI_NAMESPACES],
    defaultNS: 'common',
    resources: {},
    partialBundledLanguages: true,
    interpolation: { escapeValue: false },
    returnNull: false,
    react: { useSuspense: false },
  });
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
