/** The nine interface languages. English is the source and the fallback. */
export const LOCALES = ['en', 'zh-CN', 'zh-HK', 'ja', 'ko', 'fr', 'de', 'es', 'pt'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'en';

/** Region codes of the spec (section 9): the short names the product uses for its locales. */
export const REGIONS = ['CN', 'EN', 'FR', 'ES', 'JA', 'HK', 'DE', 'PT', 'KR'] as const;
export type Region = (typeof REGIONS)[number];

const REGION_BY_LOCALE: Record<Locale, Region> = {
  en: 'EN',
  'zh-CN': 'CN',
  'zh-HK': 'HK',
  ja: 'JA',
  ko: 'KR',
  fr: 'FR',
  de: 'DE',
  es: 'ES',
  pt: 'PT',
};

/** Each language's own name, shown in the language switcher. */
export const LOCALE_NATIVE_NAMES: Record<Locale, string> = {
  en: 'English',
  'zh-CN': '简体中文',
  'zh-HK': '繁體中文',
  ja: '日本語',
  ko: '한국어',
  fr: 'Français',
  de: 'Deutsch',
  es: 'Español',
  pt: 'Português',
};

const TRADITIONAL_CHINESE = /^zh[-_](hk|tw|mo|hant)/i;

/**
 * Maps any language tag a visitor or browser sends (`hl=zh-TW`, `pt-BR`, `EN`, `zh_Hans`) to one of the nine
 * locales, following the spec's language-to-region rule: zh gives CN; Traditional Chinese variants give HK;
 * fr, de, es, pt, ja, ko map to themselves; everything else is English.
 */
export function resolveLocale(tag: string | null | undefined): Locale {
  if (!tag) return DEFAULT_LOCALE;
  const t = tag.trim();
  if (TRADITIONAL_CHINESE.test(t)) return 'zh-HK';
  const primary = t.split(/[-_]/)[0]?.toLowerCase() ?? '';
  switch (primary) {
    case 'zh':
      return 'zh-CN';
    case 'fr':
    case 'de':
    case 'es':
    case 'pt':
    case 'ja':
    case 'ko':
      return primary;
    default:
      return DEFAULT_LOCALE;
  }
}

/** The spec's region code for a language tag (zh → CN, zh-TW/zh-HK → HK, ko → KR, ja → JA, others → EN). */
export function regionForLanguage(tag: string | null | undefined): Region {
  return REGION_BY_LOCALE[resolveLocale(tag)];
}

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

/** Accepts an exact locale or a tag the rule maps (zh-TW, zh-Hant-HK, pt-BR...); rejects garbage. */
export const LANGUAGE_TAG_PATTERN = /^[A-Za-z]{2,3}([-_][A-Za-z0-9]{2,8}){0,3}$/;
