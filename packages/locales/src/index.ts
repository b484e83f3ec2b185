/// <reference types="vite/client" />
import type { Locale } from '@mindgauge/contract';
import type account from './en/account.json';
import type checkout from './en/checkout.json';
import type common from './en/common.json';
import type consent from './en/consent.json';
import type consoleTexts from './en/console.json';
import type content from './en/content.json';
import type email from './en/email.json';
import type errors from './en/errors.json';
import type growth from './en/growth.json';
import type help from './en/help.json';
import type lab from './en/lab.json';
import type landings from './en/landings.json';
import type legal from './en/legal.json';
import type members from './en/members.json';
import type personalityShare from './en/personality-share.json';
import type personalityTest from './en/personality-test.json';
import type report from './en/report.json';
import type test from './en/test.json';
import type types from './en/types.json';

/** The English files are the source of the key types; every other locale must have exactly their keys. */
export interface Resources {
  account: typeof account;
  common: typeof common;
  checkout: typeof checkout;
  report: typeof report;
  errors: typeof errors;
  content: typeof content;
  email: typeof email;
  help: typeof help;
  lab: typeof lab;
  landings: typeof landings;
  legal: typeof legal;
  'personality-test': typeof personalityTest;
  'personality-share': typeof personalityShare;
  test: typeof test;
  types: typeof types;
  consent: typeof consent;
  members: typeof members;
  console: typeof consoleTexts;
  growth: typeof growth;
}
export type Namespace = keyof Resources;

/** Namespaces the browser loads: one lazily loaded chunk per namespace and locale. */
export const UI_NAMESPACES = [
  'common',
  'errors',
  'content',
  'test',
  'checkout',
  'report',
  'lab',
  'types',
  'personality-test',
  'personality-share',
  'landings',
  'consent',
  'account',
  'members',
  'console',
  'growth',
] as const;
export type UiNamespace = (typeof UI_NAMESPACES)[number];
export type UiResources = Pick<Resources, UiNamespace>;

/** Loaded with the app: every screen needs them. */
export const CORE_NAMESPACES = ['common', 'errors', 'content', 'test'] as const;
export type CoreResources = Pick<Resources, (typeof CORE_NAMESPACES)[number]>;
/** Loaded with the first payment or report screen: the landing does not pay for them. */
export const PAID_NAMESPACES = ['checkout', 'report', 'lab'] as const;
export type PaidResources = Pick<Resources, (typeof PAID_NAMESPACES)[number]>;
/** Loaded with the personality landing and type pages: the IQ landing does not pay for them. */
export const PERSONALITY_NAMESPACES = ['types', 'personality-test', 'personality-share'] as const;
export type PersonalityResources = Pick<Resources, (typeof PERSONALITY_NAMESPACES)[number]>;
/** The ad consent banner's texts: loaded only when a pixel is configured. */
export const CONSENT_NAMESPACES = ['consent'] as const;
export type ConsentResources = Pick<Resources, (typeof CONSENT_NAMESPACES)[number]>;

/**
 * Words that stay the same in every language: a translated string may equal the English one only when
 * nothing but these, placeholders, digits and punctuation remain.
 */
export const BRAND_WORDS = ['Mindgauge', 'PayPal', 'IQ', 'Stripe', 'E-mail', 'e-mail', 'OK', '3-D Secure'];

/**
 * Every browser namespace of every locale, each file a lazily loaded chunk of its own (issue 14): a page
 * fetches only the namespaces it shows, in its language, and a changed text invalidates one small file.
 * The patterns list UI_NAMESPACES (Vite needs them literal); server-only texts (e-mails, PDFs) stay out.
 */
const UI_FILES = import.meta.glob<{ default: unknown }>([
  './*/common.json',
  './*/errors.json',
  './*/content.json',
  './*/test.json',
  './*/checkout.json',
  './*/report.json',
  './*/lab.json',
  './*/types.json',
  './*/personality-test.json',
  './*/personality-share.json',
  './*/landings.json',
  './*/consent.json',
  './*/account.json',
  './*/members.json',
  './*/console.json',
  './*/growth.json',
]);

/** Loads one namespace of one locale (its own chunk in the web build). */
export async function loadNamespace<N extends UiNamespace>(locale: Locale, ns: N): Promise<Resources[N]> {
  const load = UI_FILES[`./${locale}/${ns}.json`];
  if (!load) throw new Error(`no ${ns} texts for ${locale}`);
  return (await load()).default as Resources[N];
}

/** Loads the consent banner's namespace of one locale, a chunk of its own. */
export async function loadConsentResources(locale: Locale): Promise<ConsentResources> {
  return { consent: await loadNamespace(locale, 'consent') };
}

/** The landing identities' texts (names, headlines of each audience) of one locale: loaded with the landing screen. */
export function loadLandingResources(locale: Locale): Promise<Resources['landings']> {
  return loadNamespace(locale, 'landings');
}
