import { LOCALES } from '@mindgauge/contract';
import { describe, expect, it } from 'vitest';
import { flatten, loadAllResources } from './node';

const all = loadAllResources();
const PLURAL_SUFFIX = /_(zero|one|two|few|many|other)$/;

/**
 * Strings that carry `{{count}}` but are only ever shown for counts of 2 or more (a count of 1 has its own
 * wording, "every week" rather than "every 1 weeks"), so they need no singular.
 */
const ONLY_TWO_OR_MORE = /^common:billing\.everyN\./;

/** Every `{{count}}` string of a locale, as `namespace:key`. */
function countStrings(locale: (typeof LOCALES)[number]): string[] {
  return Object.entries(all[locale]).flatMap(([ns, tree]) =>
    [...flatten(tree)].filter(([, v]) => /\{\{\s*count\s*\}\}/.test(v)).map(([k]) => `${ns}:${k}`),
  );
}

describe('plurals', () => {
  for (const locale of LOCALES) {
    it(`${locale}: every string with a count goes through i18next plural forms`, () => {
      const bare = countStrings(locale).filter((k) => !PLURAL_SUFFIX.test(k) && !ONLY_TWO_OR_MORE.test(k));
      expect(bare, 'count-bearing strings without _one/_other forms').toEqual([]);
    });

    it(`${locale}: every plural has each form the language uses (so no count ever shows a bare key)`, () => {
      const categories = new Intl.PluralRules(locale).resolvedOptions().pluralCategories;
      const keys = Object.entries(all[locale]).flatMap(([ns, tree]) =>
        [...flatten(tree).keys()].map((k) => `${ns}:${k}`),
      );
      const bases = new Set(keys.filter((k) => PLURAL_SUFFIX.test(k)).map((k) => k.replace(PLURAL_SUFFIX, '')));
      const missing = [...bases].flatMap((base) =>
        categories.filter((c) => !keys.includes(`${base}_${c}`)).map((c) => `${base}_${c}`),
      );
      expect(missing).toEqual([]);
    });
  }

  it('the check catches a count-bearing string without plural forms', () => {
    const bad = { 'test:x': '{{count}} people have taken this test' };
    expect(Object.keys(bad).filter((k) => !PLURAL_SUFFIX.test(k))).toEqual(['test:x']);
  });
});
