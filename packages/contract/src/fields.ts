import { z } from 'zod';
import { LIMITS } from './constants';
import { LANGUAGE_TAG_PATTERN, LOCALES, resolveLocale } from './locale';

const SUPPORTED_PRIMARY = new Set(LOCALES.map((l) => l.split('-')[0]));

/**
 * A language in a path or query: any tag whose language is one of ours (`zh-TW` → `zh-HK`, `pt-BR` → `pt`),
 * normalised to a locale. Anything else is a 400 with code UNSUPPORTED_LANGUAGE.
 */
export const ZLanguageTag = z
  .string()
  .max(35)
  .refine((tag) => LANGUAGE_TAG_PATTERN.test(tag) && SUPPORTED_PRIMARY.has(tag.split(/[-_]/)[0]?.toLowerCase() ?? ''), {
    message: 'Unsupported language',
    params: { errorCode: 'UNSUPPORTED_LANGUAGE' },
  })
  .transform((tag) => resolveLocale(tag))
  .describe('Language tag: en, zh-CN, zh-HK (or zh-TW), ja, ko, fr, de, es, pt');

export const ZLocale = z.enum(LOCALES);

/** Trimmed e-mail, lower-cased domain; the spec's messages come from the client's locale files. */
export const ZEmail = z
  .string()
  .trim()
  .min(1, { message: 'Please input email address' })
  .max(LIMITS.emailMax)
  .pipe(z.email({ message: 'Please input correct email address' }));

export const ZIsoDateTime = z.string().describe('ISO 8601 date-time (UTC)');
export const ZIsoDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/)
  .describe('Date, YYYY-MM-DD');
