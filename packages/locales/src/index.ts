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

/** Namespaces the browser loads: one lazily loaded chunk per locale. */
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
/** Loaded with the first payment or report screen (its own chunk per locale): the landing does not pay for them. */
export const PAID_NAMESPACES = ['checkout', 'report', 'lab'] as const;
export type PaidResources = Pick<Resources, (typeof PAID_NAMESPACES)[number]>;
/** Loaded with the personality landing and type pages (their own chunk per locale): the IQ landing does not pay for them. */
export const PERSONALITY_NAMESPACES = ['types', 'personality-test', 'personality-share'] as const;
export type PersonalityResources = Pick<Resources, (typeof PERSONALITY_NAMESPACES)[number]>;
/** The ad consent banner's texts: loaded only when a pixel is configured (their own chunk per locale). */
export const CONSENT_NAMESPACES = ['consent'] as const;
export type ConsentResources = Pick<Resources, (typeof CONSENT_NAMESPACES)[number]>;

/**
 * Words that stay the same in every language: a translated string may equal the English one only when
 * nothing but these, placeholders, digits and punctuation remain.
 */
export const BRAND_WORDS = ['Mindgauge', 'PayPal', 'IQ', 'Stripe', 'E-mail', 'e-mail', 'OK', '3-D Secure'];

/** Loads the core UI namespaces of one locale; each locale is its own chunk in the web build. */
export async function loadUiResources(locale: Locale): Promise<CoreResources> {
  switch (locale) {
    case 'zh-CN':
      return (await import('./bundles/zh-CN')).default;
    case 'zh-HK':
      return (await import('./bundles/zh-HK')).default;
    case 'ja':
      return (await import('./bundles/ja')).default;
    case 'ko':
      return (await import('./bundles/ko')).default;
    case 'fr':
      return (await import('./bundles/fr')).default;
    case 'de':
      return (await import('./bundles/de')).default;
    case 'es':
      return (await import('./bundles/es')).default;
    case 'pt':
      return (await import('./bundles/pt')).default;
    default:
      return (await import('./bundles/en')).default;
  }
}

/** Loads the payment and report namespaces of one locale, a chunk of their own. */
export async function loadPaidResources(locale: Locale): Promise<PaidResources> {
  switch (locale) {
    case 'zh-CN':
      return (await import('./bundles/zh-CN-paid')).default;
    case 'zh-HK':
      return (await import('./bundles/zh-HK-paid')).default;
    case 'ja':
      return (await import('./bundles/ja-paid')).default;
    case 'ko':
      return (await import('./bundles/ko-paid')).default;
    case 'fr':
      return (await import('./bundles/fr-paid')).default;
    case 'de':
      return (await import('./bundles/de-paid')).default;
    case 'es':
      return (await import('./bundles/es-paid')).default;
    case 'pt':
      return (await import('./bundles/pt-paid')).default;
    default:
      return (await import('./bundles/en-paid')).default;
  }
}

/** Loads the personality pages' namespaces (type pages, the test and its result) of one locale, a chunk of their own. */
export async function loadPersonalityResources(locale: Locale): Promise<PersonalityResources> {
  switch (locale) {
    case 'zh-CN':
      return {
        types: (await import('./zh-CN/types.json')).default,
        'personality-test': (await import('./zh-CN/personality-test.json')).default,
        'personality-share': (await import('./zh-CN/personality-share.json')).default,
      };
    case 'zh-HK':
      return {
        types: (await import('./zh-HK/types.json')).default,
        'personality-test': (await import('./zh-HK/personality-test.json')).default,
        'personality-share': (await import('./zh-HK/personality-share.json')).default,
      };
    case 'ja':
      return {
        types: (await import('./ja/types.json')).default,
        'personality-test': (await import('./ja/personality-test.json')).default,
        'personality-share': (await import('./ja/personality-share.json')).default,
      };
    case 'ko':
      return {
        types: (await import('./ko/types.json')).default,
        'personality-test': (await import('./ko/personality-test.json')).default,
        'personality-share': (await import('./ko/personality-share.json')).default,
      };
    case 'fr':
      return {
        types: (await import('./fr/types.json')).default,
        'personality-test': (await import('./fr/personality-test.json')).default,
        'personality-share': (await import('./fr/personality-share.json')).default,
      };
    case 'de':
      return {
        types: (await import('./de/types.json')).default,
        'personality-test': (await import('./de/personality-test.json')).default,
        'personality-share': (await import('./de/personality-share.json')).default,
      };
    case 'es':
      return {
        types: (await import('./es/types.json')).default,
        'personality-test': (await import('./es/personality-test.json')).default,
        'personality-share': (await import('./es/personality-share.json')).default,
      };
    case 'pt':
      return {
        types: (await import('./pt/types.json')).default,
        'personality-test': (await import('./pt/personality-test.json')).default,
        'personality-share': (await import('./pt/personality-share.json')).default,
      };
    default:
      return {
        types: (await import('./en/types.json')).default,
        'personality-test': (await import('./en/personality-test.json')).default,
        'personality-share': (await import('./en/personality-share.json')).default,
      };
  }
}

/** Loads the consent banner's namespace of one locale, a chunk of its own. */
export async function loadConsentResources(locale: Locale): Promise<ConsentResources> {
  switch (locale) {
    case 'zh-CN':
      return { consent: (await import('./zh-CN/consent.json')).default };
    case 'zh-HK':
      return { consent: (await import('./zh-HK/consent.json')).default };
    case 'ja':
      return { consent: (await import('./ja/consent.json')).default };
    case 'ko':
      return { consent: (await import('./ko/consent.json')).default };
    case 'fr':
      return { consent: (await import('./fr/consent.json')).default };
    case 'de':
      return { consent: (await import('./de/consent.json')).default };
    case 'es':
      return { consent: (await import('./es/consent.json')).default };
    case 'pt':
      return { consent: (await import('./pt/consent.json')).default };
    default:
      return { consent: (await import('./en/consent.json')).default };
  }
}

/**
 * The landing identities' texts (names, headlines of each audience) of one locale: loaded with the landing
 * screen only, in a chunk of its own, so later screens and the core bundle do not carry them.
 */
export async function loadLandingResources(locale: Locale): Promise<Resources['landings']> {
  switch (locale) {
    case 'zh-CN':
      return (await import('./zh-CN/landings.json')).default;
    case 'zh-HK':
      return (await import('./zh-HK/landings.json')).default;
    case 'ja':
      return (await import('./ja/landings.json')).default;
    case 'ko':
      return (await import('./ko/landings.json')).default;
    case 'fr':
      return (await import('./fr/landings.json')).default;
    case 'de':
      return (await import('./de/landings.json')).default;
    case 'es':
      return (await import('./es/landings.json')).default;
    case 'pt':
      return (await import('./pt/landings.json')).default;
    default:
      return (await import('./en/landings.json')).default;
  }
}

/** The account screens' texts (sign-in, personal centre, settings): a chunk of their own per locale. */
export async function loadAccountResources(locale: Locale): Promise<Resources['account']> {
  switch (locale) {
    case 'zh-CN':
      return (await import('./zh-CN/account.json')).default;
    case 'zh-HK':
      return (await import('./zh-HK/account.json')).default;
    case 'ja':
      return (await import('./ja/account.json')).default;
    case 'ko':
      return (await import('./ko/account.json')).default;
    case 'fr':
      return (await import('./fr/account.json')).default;
    case 'de':
      return (await import('./de/account.json')).default;
    case 'es':
      return (await import('./es/account.json')).default;
    case 'pt':
      return (await import('./pt/account.json')).default;
    default:
      return (await import('./en/account.json')).default;
  }
}

/** The members' area texts (free tests, weekly training, brain-training guide): a chunk of their own per locale. */
export async function loadMembersResources(locale: Locale): Promise<Resources['members']> {
  switch (locale) {
    case 'zh-CN':
      return (await import('./zh-CN/members.json')).default;
    case 'zh-HK':
      return (await import('./zh-HK/members.json')).default;
    case 'ja':
      return (await import('./ja/members.json')).default;
    case 'ko':
      return (await import('./ko/members.json')).default;
    case 'fr':
      return (await import('./fr/members.json')).default;
    case 'de':
      return (await import('./de/members.json')).default;
    case 'es':
      return (await import('./es/members.json')).default;
    case 'pt':
      return (await import('./pt/members.json')).default;
    default:
      return (await import('./en/members.json')).default;
  }
}

/** The operator console's texts: a chunk of their own per locale, loaded only by the console. */
export async function loadConsoleResources(locale: Locale): Promise<Resources['console']> {
  switch (locale) {
    case 'zh-CN':
      return (await import('./zh-CN/console.json')).default;
    case 'zh-HK':
      return (await import('./zh-HK/console.json')).default;
    case 'ja':
      return (await import('./ja/console.json')).default;
    case 'ko':
      return (await import('./ko/console.json')).default;
    case 'fr':
      return (await import('./fr/console.json')).default;
    case 'de':
      return (await import('./de/console.json')).default;
    case 'es':
      return (await import('./es/console.json')).default;
    case 'pt':
      return (await import('./pt/console.json')).default;
    default:
      return (await import('./en/console.json')).default;
  }
}

/**
 * Issue 20's texts (the "about you" form, social proof, buyer reviews): a chunk of their own per locale,
 * loaded by the screens that show them.
 */
export async function loadGrowthResources(locale: Locale): Promise<Resources['growth']> {
  switch (locale) {
    case 'zh-CN':
      return (await import('./zh-CN/growth.json')).default;
    case 'zh-HK':
      return (await import('./zh-HK/growth.json')).default;
    case 'ja':
      return (await import('./ja/growth.json')).default;
    case 'ko':
      return (await import('./ko/growth.json')).default;
    case 'fr':
      return (await import('./fr/growth.json')).default;
    case 'de':
      return (await import('./de/growth.json')).default;
    case 'es':
      return (await import('./es/growth.json')).default;
    case 'pt':
      return (await import('./pt/growth.json')).default;
    default:
      return (await import('./en/growth.json')).default;
  }
}
