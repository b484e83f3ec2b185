import { STORAGE_PREFIX } from '@mindgauge/contract';
import { beforeEach, describe, expect, it } from 'vitest';
import { LANDING_ALIASES } from '../../app/paths';
import { readConfig } from '../../lib/persisted-config';
import { IDENTITIES, themeProperties } from './registry';
import { snapshotOf } from './snapshot';
import {
  applyKeptIdentity,
  parseSnapshot,
  readVisitIdentity,
  startVisitIdentity,
  THEME_PROPERTIES,
  variantOfPath,
} from './visit-identity';

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
    expect(variantOfPath('/landing_page/toString/IQB-1799')).toBeNull();
    expect(variantOfPath('/question/IQB-1799')).toBeNull();
    expect(variantOfPath('/')).toBeNull();
  });
});

describe('the visit identity', () => {
  beforeEach(() => {
    sessionStorage.clear();
    localStorage.clear();
    applyKeptIdentity('/');
  });
  const root = document.documentElement;

  it('a theme sets exactly the properties the page accepts', () => {
    expect(Object.keys(themeProperties(IDENTITIES.new.theme)).sort()).toEqual([...THEME_PROPERTIES].sort());
  });

  it('starts on a landing: sets the theme on the document and keeps it for the rest of the visit', () => {
    startVisitIdentity(snapshotOf(IDENTITIES.matrix));
    expect(root.dataset.identity).toBe('matrix');
    expect(root.style.getPropertyValue('--color-brand')).toBe(IDENTITIES.matrix.theme.brand);
    expect(JSON.parse(sessionStorage.getItem(`${STORAGE_PREFIX}landing-identity`) ?? '{}').variant).toBe('matrix');
    expect(readConfig().theme).toBe('matrix');

    // A later screen of the same visit, loaded afresh (a reload), keeps it.
    root.removeAttribute('style');
    applyKeptIdentity('/answer_question/standard/IQB-1799');
    expect(root.style.getPropertyValue('--color-brand')).toBe(IDENTITIES.matrix.theme.brand);

    // Another landing in the same tab starts another identity.
    startVisitIdentity(snapshotOf(IDENTITIES.relax));
    expect(root.dataset.identity).toBe('relax');
    expect(root.style.getPropertyValue('--hero-from')).toBe(IDENTITIES.relax.theme.heroFrom);
  });

  it('a new tab takes the identity kept from an earlier visit; with none, the product keeps its own look', () => {
    applyKeptIdentity('/help/IQB-1799');
    expect(root.dataset.identity).toBeUndefined();
    expect(root.style.getPropertyValue('--color-brand')).toBe('');

    startVisitIdentity(snapshotOf(IDENTITIES.free));
    sessionStorage.clear();
    expect(readVisitIdentity()?.variant).toBe('free');
  });

  it('ignores a kept identity that the registry did not write (storage is the visitor to edit)', () => {
    const good = snapshotOf(IDENTITIES.girl);
    expect(parseSnapshot(JSON.parse(JSON.stringify(good)))).toEqual(good);
    const tampered = [
      { ...good, variant: 'purple' },
      { ...good, props: { ...good.props, '--color-brand': 'red; background: url(https://evil.example)' } },
      { ...good, props: { ...good.props, '--font-sans': '#000000' } },
      { ...good, mark: { ...good.mark, motif: '<script>' } },
      { ...good, mark: { ...good.mark, scale: 40 } },
      { ...good, wordmark: { ...good.wordmark, family: 'comic' } },
      null,
      'girl',
    ];
    for (const t of tampered) expect(parseSnapshot(t), JSON.stringify(t)).toBeNull();

    localStorage.setItem(
      `${STORAGE_PREFIX}landing-identity`,
      JSON.stringify({ v: tampered[1], e: Date.now() + 86_400_000 }),
    );
    applyKeptIdentity('/help/IQB-1799');
    expect(root.style.getPropertyValue('--color-brand')).toBe('');
  });
});
