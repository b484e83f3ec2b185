import { LOCALES } from '@mindgauge/contract';
import { describe, expect, it } from 'vitest';
import { type JsonTree, loadAllResources } from './node';

/** The sixteen types and the sections every type page shows (apps/web/src/features/personality). */
const TYPES = [
  'ISTJ',
  'ISFJ',
  'ESTJ',
  'ESFJ',
  'ISTP',
  'ISFP',
  'ESTP',
  'ESFP',
  'INTJ',
  'INTP',
  'ENTJ',
  'ENTP',
  'INFJ',
  'INFP',
  'ENFJ',
  'ENFP',
];
const FIELDS = ['name', 'portrait', 'strengths', 'blindSpots', 'work', 'relationships', 'growth'];
const FAMILIES = ['nt', 'nf', 'sj', 'sp'];

const all = loadAllResources();
const text = (tree: JsonTree | undefined, path: string): string | undefined => {
  let node: JsonTree | string | undefined = tree;
  for (const part of path.split('.')) node = typeof node === 'object' ? node[part] : undefined;
  return typeof node === 'string' ? node : undefined;
};

describe('personality types content', () => {
  for (const locale of LOCALES) {
    describe(locale, () => {
      const types = all[locale].types;

      it('has the sixteen types, each with every section written', () => {
        expect(types, `${locale}/types.json is missing`).toBeDefined();
        expect(Object.keys((types?.types as JsonTree) ?? {}).sort()).toEqual([...TYPES].sort());
        for (const code of TYPES)
          for (const field of FIELDS)
            expect(text(types, `types.${code}.${field}`)?.trim(), `${code}.${field}`).toBeTruthy();
        for (const f of FAMILIES) {
          expect(text(types, `families.${f}.name`)?.trim(), f).toBeTruthy();
          expect(text(types, `families.${f}.description`)?.trim(), f).toBeTruthy();
        }
      });

      it('gives every type its own name and portrait', () => {
        const names = TYPES.map((c) => text(types, `types.${c}.name`));
        expect(new Set(names).size).toBe(16);
        const families = FAMILIES.map((f) => text(types, `families.${f}.name`));
        expect(new Set(families).size).toBe(4);
      });

      if (locale !== 'en') {
        it('is written in this language: no type text equals the English one', () => {
          const copies = TYPES.flatMap((c) =>
            FIELDS.filter((f) => text(types, `types.${c}.${f}`) === text(all.en.types, `types.${c}.${f}`)).map(
              (f) => `${c}.${f}`,
            ),
          );
          expect(copies).toEqual([]);
        });
      }
    });
  }

  it('names no type after 16Personalities or Keirsey (our own names)', () => {
    const borrowed =
      /architect|logician|commander|debater|advocate|mediator|protagonist|campaigner|logistician|defender|executive|consul|virtuoso|adventurer|entrepreneur|entertainer|mastermind|inventor|counsel+or|healer|champion|inspector|protector|supervisor|provider|crafter|composer|promoter|performer/i;
    const names = TYPES.map((c) => text(all.en.types, `types.${c}.name`) ?? '');
    expect(names.filter((n) => borrowed.test(n))).toEqual([]);
  });
});
