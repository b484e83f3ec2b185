import { TYPE_FAMILIES, type TypeFamily, typeFamilyOf } from '@mindgauge/contract';
import type { PersonalityTypeSlug } from '../../app/paths';

/** The four families: types that share their middle letters (NT, NF) or their S and outer letter (SJ, SP). */
export const FAMILIES = TYPE_FAMILIES;
export type FamilyId = TypeFamily;

export type TypeCode = Uppercase<PersonalityTypeSlug>;

/** The sixteen types in the order the landing shows them: family by family, introverts first. */
export const TYPES_BY_FAMILY: Record<FamilyId, readonly TypeCode[]> = {
  nt: ['INTJ', 'INTP', 'ENTJ', 'ENTP'],
  nf: ['INFJ', 'INFP', 'ENFJ', 'ENFP'],
  sj: ['ISTJ', 'ISFJ', 'ESTJ', 'ESFJ'],
  sp: ['ISTP', 'ISFP', 'ESTP', 'ESFP'],
};

export const ALL_TYPES: readonly TypeCode[] = FAMILIES.flatMap((f) => TYPES_BY_FAMILY[f]);

/** N types group by their T/F letter, S types by their J/P letter. */
export const familyOf = (code: TypeCode): FamilyId => typeFamilyOf(code);

export function typeCodeOf(slug: PersonalityTypeSlug): TypeCode {
  return slug.toUpperCase() as TypeCode;
}

export function slugOf(code: TypeCode): PersonalityTypeSlug {
  return code.toLowerCase() as PersonalityTypeSlug;
}

/** The lower-case pole letters of a type, for the `types:poles.*` keys. */
export function polesOf(code: TypeCode): ('e' | 'i' | 's' | 'n' | 't' | 'f' | 'j' | 'p')[] {
  return code.toLowerCase().split('') as ('e' | 'i' | 's' | 'n' | 't' | 'f' | 'j' | 'p')[];
}

/** The page sections of a type, in reading order; each is a key of the type and of `typePage.sections`. */
export const TYPE_SECTIONS = ['strengths', 'blindSpots', 'work', 'relationships', 'growth'] as const;
