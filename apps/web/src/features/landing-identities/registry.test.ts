import { LOCALES } from '@mindgauge/contract';
import { loadLandingResources } from '@mindgauge/locales';
import { describe, expect, it } from 'vitest';
import { LANDING_VARIANTS } from '../../app/paths';
import { HERO_SCENES } from './hero-scenes';
import { FRAMES, MOTIFS } from './logo-shapes';
import { IDENTITIES, isLandingVariant, landingRouteName, themeProperties } from './registry';

/** WCAG 2 relative luminance of `#rrggbb`. */
function luminance(hex: string): number {
  const channel = (i: number) => {
    const c = Number.parseInt(hex.slice(1 + 2 * i, 3 + 2 * i), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(0) + 0.7152 * channel(1) + 0.0722 * channel(2);
}
function contrast(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

const entries = Object.values(IDENTITIES);
const TEXT = '#1d1e2c';
const MUTED = '#545769';

describe('landing identity registry', () => {
  it('has one entry per landing variant of the spec: 20 variants and 4 -old ones', () => {
    expect(entries).toHaveLength(24);
    expect(Object.keys(IDENTITIES).sort()).toEqual([...LANDING_VARIANTS].sort());
    for (const [key, identity] of Object.entries(IDENTITIES)) expect(identity.variant).toBe(key);
    expect(entries.filter((e) => e.variant.endsWith('-old')).map((e) => e.variant)).toHaveLength(4);
  });

  it('gives every variant its own theme, its own brand colour and its own logo', () => {
    const unique = <T>(values: T[]) => new Set(values.map((v) => JSON.stringify(v))).size;
    expect(unique(entries.map((e) => e.theme))).toBe(24);
    expect(unique(entries.map((e) => e.theme.brand.toLowerCase()))).toBe(24);
    expect(unique(entries.map((e) => e.logo))).toBe(24);
    // Not only the wordmark's letter spacing: the drawn mark itself differs.
    expect(unique(entries.map((e) => [e.logo.frame, e.logo.motif, e.logo.outline]))).toBe(24);
    for (const e of entries) {
      expect(FRAMES[e.logo.frame], e.variant).toBeTruthy();
      expect(MOTIFS[e.logo.motif], e.variant).toBeTruthy();
    }
  });

  it('keeps text readable in every theme (WCAG AA, 4.5:1)', () => {
    const failures: string[] = [];
    const check = (variant: string, what: string, fg: string, bg: string) => {
      const ratio = contrast(fg, bg);
      if (ratio < 4.5) failures.push(`${variant}: ${what} ${fg} on ${bg} is ${ratio.toFixed(2)}:1`);
    };
    for (const { variant, theme: t } of entries) {
      check(variant, 'button text', '#ffffff', t.brand);
      check(variant, 'hover button text', '#ffffff', t.brandStrong);
      check(variant, 'links on cards', t.brand, '#ffffff');
      check(variant, 'links on the page', t.brand, t.bg);
      check(variant, 'strong text on the page', t.brandStrong, t.bg);
      check(variant, 'text on tints', TEXT, t.brandSoft);
      check(variant, 'strong text on tints', t.brandStrong, t.brandSoft);
      check(variant, 'muted text on the page', MUTED, t.bg);
      // Pairings the later screens use (current navigation entry, the missing cell, tinted sections, badges).
      check(variant, 'links on tints', t.brand, t.brandSoft);
      check(variant, 'muted text on tints', MUTED, t.brandSoft);
      check(variant, 'badge text', '#ffffff', t.accent);
      for (const stop of [t.heroFrom, t.heroTo]) {
        check(variant, 'hero text', t.heroText, stop);
        check(variant, 'hero badge', t.heroAccent, stop);
      }
      check(variant, 'hero call to action', t.ctaText, t.ctaBg);
    }
    expect(failures).toEqual([]);
  });

  it('sets every colour of a theme as a custom property', () => {
    const props = themeProperties(IDENTITIES.girl.theme);
    expect(props['--color-brand']).toBe(IDENTITIES.girl.theme.brand);
    expect(Object.keys(props)).toHaveLength(Object.keys(IDENTITIES.girl.theme).length);
    for (const value of Object.values(props)) expect(value).toMatch(/^#[0-9a-f]{6}$/i);
  });

  it('names the route of each variant after the spec: landing_page-{variant}-code-examId', () => {
    expect(landingRouteName('genius_lab-old')).toBe('landing_page-genius_lab-old-code-examId');
    expect(isLandingVariant('yellow_boy-old')).toBe(true);
    expect(isLandingVariant('purple')).toBe(false);
    expect(isLandingVariant('toString')).toBe(false);
  });

  it('leaves the personality landing (types) to its own feature; every other variant starts the IQ test', () => {
    expect(entries.filter((e) => e.kind === 'personality').map((e) => e.variant)).toEqual(['types']);
  });

  it('has a drawn scene for every variant, each loading on its own', async () => {
    for (const e of entries) {
      const mod = await HERO_SCENES[e.hero.scene]();
      expect(typeof mod.default, e.variant).toBe('function');
    }
  });

  for (const locale of LOCALES) {
    it(`has every text a variant shows in ${locale}`, async () => {
      const texts = await loadLandingResources(locale);
      const missing: string[] = [];
      const lookup = (path: string) =>
        path.split('.').reduce<unknown>((node, k) => (node as Record<string, unknown> | undefined)?.[k], texts);
      for (const e of entries) {
        for (const key of [`name.${e.variant}`, `audience.${e.audience}.headline`, `audience.${e.audience}.subline`]) {
          const value = lookup(key);
          if (typeof value !== 'string' || !value.trim()) missing.push(key);
        }
      }
      for (const key of ['founder.title', 'founder.body1', 'founder.body2', 'founder.sign'])
        if (typeof lookup(key) !== 'string') missing.push(key);
      expect(missing).toEqual([]);
    });
  }
});
