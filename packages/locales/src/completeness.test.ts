import { LOCALES } from '@mindgauge/contract';
import { describe, expect, it } from 'vitest';
import { BRAND_WORDS } from './index';
import { flatten, loadAllResources } from './node';

const all = loadAllResources();
const english = all.en;
const namespaces = Object.keys(english).sort();
const PLACEHOLDER = /\{\{\s*[\w.]+\s*\}\}/g;
const pluralBase = (key: string) => key.replace(/_(zero|two|few|many)$/, '_other');

/** A string may be identical to English only when nothing translatable is left in it. */
function hasTranslatableText(value: string): boolean {
  let rest = value.replace(PLACEHOLDER, '').replace(/\(route:[A-Za-z]+\)/g, '');
  for (const word of BRAND_WORDS) rest = rest.split(word).join('');
  return /\p{L}{2,}/u.test(rest);
}

describe('locale files', () => {
  it('English has the namespaces the product needs', () => {
    expect(namespaces).toEqual(expect.arrayContaining(['common', 'content', 'email', 'errors', 'help', 'legal']));
  });

  for (const locale of LOCALES.filter((l) => l !== 'en')) {
    describe(locale, () => {
      for (const ns of namespaces) {
        it(`${ns}: same keys as English, no extra`, () => {
          const theirs = all[locale][ns];
          expect(theirs, `${locale}/${ns}.json is missing`).toBeDefined();
          // Plural forms differ by language (French has a `_many`, Japanese needs only `_other`): keys are
          // compared by their base here; plurals.test.ts checks each language has the forms it uses.
          const en = [...new Set([...flatten(english[ns] ?? {}).keys()].map(pluralBase))].sort();
          const tr = [...new Set([...flatten(theirs ?? {}).keys()].map(pluralBase))].sort();
          expect(
            en.filter((k) => !tr.includes(k)),
            'missing keys',
          ).toEqual([]);
          expect(
            tr.filter((k) => !en.includes(k)),
            'extra keys',
          ).toEqual([]);
        });

        it(`${ns}: translated, not English copies`, () => {
          const en = flatten(english[ns] ?? {});
          const tr = flatten(all[locale][ns] ?? {});
          const copies = [...tr].filter(([k, v]) => en.get(k) === v && hasTranslatableText(v)).map(([k]) => k);
          expect(copies).toEqual([]);
        });

        it(`${ns}: keeps every placeholder and route link of English`, () => {
          const en = flatten(english[ns] ?? {});
          const tr = flatten(all[locale][ns] ?? {});
          const broken = [...en]
            .filter(([k, v]) => {
              const t = tr.get(k);
              if (t === undefined) return false;
              const want = [...(v.match(PLACEHOLDER) ?? []), ...(v.match(/\(route:[A-Za-z]+\)/g) ?? [])].sort();
              const got = [...(t.match(PLACEHOLDER) ?? []), ...(t.match(/\(route:[A-Za-z]+\)/g) ?? [])].sort();
              return want.join() !== got.join();
            })
            .map(([k]) => k);
          expect(broken).toEqual([]);
        });
      }
    });
  }
});
