import { LIMITS } from './constants';
import { LANGUAGE_TAG_PATTERN, LOCALES, resolveLocale } from './locale';
import { describe, z } from './zod';

const SUPPORTED_PRIMARY = new Set(LOCALES.map((l) => l.split('-')[0]));

/**
 * A language in a path or query: any tag whose language is one of ours (`zh-TW` → `zh-HK`, `pt-BR` → `pt`),
 * normalised to a locale. Anything else is a 400 with code UNSUPPORTED_LANGUAGE.
 */
export const ZLanguageTag = describe(
  z.pipe(
    z.string().check(
      z.maxLength(35),
      z.refine(
        (tag) => LANGUAGE_TAG_PATTERN.test(tag) && SUPPORTED_PRIMARY.has(tag.split(/[-_]/)[0]?.toLowerCase() ?? ''),
        { message: 'Unsupported language', params: { errorCode: 'UNSUPPORTED_LANGUAGE' } },
      ),
    ),
    z.transform((tag: string) => resolveLocale(tag)),
  ),
  'Language tag: en, zh-CN, zh-HK (or zh-TW), ja, ko, fr, de, es, pt',
);

export const ZLocale = z.enum(LOCALES);

/** Trimmed e-mail; the spec's messages come from the client's locale files. */
export const ZEmail = z.pipe(
  z.string().check(z.trim(), z.minLength(1, 'Please input email address'), z.maxLength(LIMITS.emailMax)),
  z.email({ message: 'Please input correct email address' }),
);

export const ZIsoDateTime = describe(z.string(), 'ISO 8601 date-time (UTC)');
export const ZIsoDate = describe(z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/)), 'Date, YYYY-MM-DD');
