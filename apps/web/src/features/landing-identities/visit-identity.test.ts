import { STORAGE_PREFIX } from '@mindgauge/contract';
import { beforeEach, describe, expect, it } from 'vitest';
import { LANDING_ALIASES } from '../../app/paths';
import { readConfig } from '../../lib/persisted-config';
import { IDENTITIES } from './registry';
import { readVisitVariant, syncVisitIdentity, variantOfPath } from './visit-identity';

describe('variantOfPath', () => {
  it('reads the variant of a full landing path and of every short alias', () => {
    expect(variantOfPath('/landing_page/yellow_girl/IQB-1799')).toBe('yellow_girl');
    expect(variantOfPath('/landing_page/girl-old/IQB-1799')).toBe('girl-old');
    const aliases = Object.entries(LANDING_ALIASES).map(([path, v]) => [
      variantOfPath(path.replace(':scope', 'IQB-1799')),
      v,
    ]);
    for (const [got, want] of aliases) expect(got).toBe(want);
    expect(aliases).toHaveLength(9);
  });

  it('is null for other pages and unknown variants', () => {
    expect(variantOfPath('/answer_question/standard/IQB-1799')).toBeNull();
    expect(variantOfPath('/landing_page/purple/IQB-1799')).toBeNull();
    expect(variantOfPath('/question/IQB-1799')).toBeNull();
    expect(variantOfPath('/')).toBeNull();
  });
});

describe('the visit identity', () => {
  beforeEach(() => {
    sessionStorage.clear();
    localStorage.clear();
    syncVisitIdentity('/');
  });

  it('starts on a landing: sets the theme on the document and keeps it for the rest of the visit', () => {
    syncVisitIdentity('/landing_page/matrix/IQB-1799');
    const root = document.documentElement;
    expect(root.dataset.identity).toBe('matrix');
    expect(root.style.getPropertyValue('--color-brand')).toBe(IDENTITIES.matrix.theme.brand);
    expect(sessionStorage.getItem(`${STORAGE_PREFIX}landing-identity`)).toBe('"matrix"');
    expect(readConfig().theme).toBe('matrix');

    // A later screen of the same visit keeps it.
    expect(syncVisitIdentity('/answer_question/standard/IQB-1799')).toBe('matrix');
    expect(root.style.getPropertyValue('--color-brand')).toBe(IDENTITIES.matrix.theme.brand);

    // Another landing in the same tab starts another identity.
    syncVisitIdentity('/relaxPage/IQB-1799');
    expect(root.dataset.identity).toBe('relax');
    expect(root.style.getPropertyValue('--hero-from')).toBe(IDENTITIES.relax.theme.heroFrom);
  });

  it('a new tab without a landing takes the theme kept in the persisted config, else none', () => {
    expect(syncVisitIdentity('/help/IQB-1799')).toBeNull();
    expect(document.documentElement.dataset.identity).toBeUndefined();
    expect(document.documentElement.style.getPropertyValue('--color-brand')).toBe('');

    syncVisitIdentity('/free/IQB-1799');
    sessionStorage.clear();
    expect(readVisitVariant()).toBe('free');
  });
});
