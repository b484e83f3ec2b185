import { describe, expect, it } from 'vitest';
import { PERSONALITY_TYPES } from '../../app/paths';
import { ALL_TYPES, FAMILIES, familyOf, slugOf, TYPES_BY_FAMILY, typeCodeOf } from './type-catalogue';

describe('type catalogue', () => {
  it('lists each of the sixteen types once, four per family', () => {
    expect(new Set(ALL_TYPES).size).toBe(16);
    for (const f of FAMILIES) expect(TYPES_BY_FAMILY[f]).toHaveLength(4);
    expect([...ALL_TYPES].map(slugOf).sort()).toEqual([...PERSONALITY_TYPES].sort());
  });

  it('puts every type in the family its letters give', () => {
    for (const f of FAMILIES) for (const code of TYPES_BY_FAMILY[f]) expect(familyOf(code), code).toBe(f);
    expect(familyOf('INTP')).toBe('nt');
    expect(familyOf('ENFJ')).toBe('nf');
    expect(familyOf('ESTJ')).toBe('sj');
    expect(familyOf('ISFP')).toBe('sp');
  });

  it('turns URL slugs into codes and back', () => {
    expect(typeCodeOf('infj')).toBe('INFJ');
    expect(slugOf('ESTP')).toBe('estp');
  });
});
