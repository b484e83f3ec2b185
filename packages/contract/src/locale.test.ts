import { describe, expect, it } from 'vitest';
import { LOCALES, regionForLanguage, resolveLocale } from './locale';

describe('language to region (spec, section 9)', () => {
  it.each([
    ['zh', 'zh-CN', 'CN'],
    ['zh-CN', 'zh-CN', 'CN'],
    ['zh-Hans', 'zh-CN', 'CN'],
    ['zh-TW', 'zh-HK', 'HK'],
    ['zh-HK', 'zh-HK', 'HK'],
    ['zh-Hant', 'zh-HK', 'HK'],
    ['zh_tw', 'zh-HK', 'HK'],
    ['zh-MO', 'zh-HK', 'HK'],
    ['fr', 'fr', 'FR'],
    ['fr-CA', 'fr', 'FR'],
    ['de-AT', 'de', 'DE'],
    ['es-MX', 'es', 'ES'],
    ['pt-BR', 'pt', 'PT'],
    ['ja', 'ja', 'JA'],
    ['ko-KR', 'ko', 'KR'],
    ['en-GB', 'en', 'EN'],
    ['it', 'en', 'EN'],
    ['', 'en', 'EN'],
  ])('%s → %s (%s)', (tag, locale, region) => {
    expect(resolveLocale(tag)).toBe(locale);
    expect(regionForLanguage(tag)).toBe(region);
  });

  it('has the nine locales with English first', () => {
    expect(LOCALES).toEqual(['en', 'zh-CN', 'zh-HK', 'ja', 'ko', 'fr', 'de', 'es', 'pt']);
  });
});
