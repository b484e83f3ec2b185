import type { LandingVariant } from '../../app/paths';

/**
 * The landing identities of the spec (section 2): one entry per landing variant, read by the one landing
 * component, the header and footer logos and the theme of the whole visit. Nothing here is a component: a
 * variant differs from another by data only (colours, the logo's drawing, the hero's scene, its texts).
 */

/** Colours of a variant. Text on each pairing below meets WCAG AA (4.5:1); registry.test.ts measures it. */
export interface IdentityTheme {
  /** Buttons (white text on it), links and headings' accents on the light page. */
  brand: string;
  /** Hover, the facts line, the footer mark. */
  brandStrong: string;
  /** Tints behind text of the page's text colour. */
  brandSoft: string;
  accent: string;
  /** The page background of every screen of the visit. */
  bg: string;
  /** The hero's gradient, with its own text colour (a hero may be dark while the page stays light). */
  heroFrom: string;
  heroTo: string;
  heroText: string;
  /** The hero's eyebrow and badge text. */
  heroAccent: string;
  /** The hero's call to action. */
  ctaBg: string;
  ctaText: string;
}

export type LogoFrame = 'rounded' | 'circle' | 'hexagon' | 'shield' | 'diamond' | 'leaf' | 'ticket' | 'octagon';
export type LogoMotif =
  | 'matrix'
  | 'brackets'
  | 'nib'
  | 'gift'
  | 'flask'
  | 'spark'
  | 'comet'
  | 'sun'
  | 'bolt'
  | 'rocket'
  | 'chip'
  | 'cursor'
  | 'atom'
  | 'house'
  | 'asterisk'
  | 'page'
  | 'moon'
  | 'bars'
  | 'sprout'
  | 'quadrants';

export interface IdentityLogo {
  frame: LogoFrame;
  motif: LogoMotif;
  /** Outlined mark (the `-old` classics) instead of a filled one. */
  outline: boolean;
  /** How the word "Mindgauge" is set next to the mark. */
  wordmark: {
    family: 'sans' | 'serif' | 'mono' | 'rounded';
    weight: 400 | 500 | 600 | 700 | 800 | 900;
    case: 'none' | 'lower' | 'upper';
    /** Letter spacing in em. */
    tracking: number;
    italic: boolean;
  };
}

/** The hero's drawing; each scene is its own chunk, loaded only on its landing. */
export type HeroScene =
  | 'founder'
  | 'gift'
  | 'lab'
  | 'person'
  | 'computer'
  | 'home'
  | 'matrix'
  | 'relax'
  | 'steps'
  | 'page'
  | 'young'
  | 'types'
  | 'centre';

/** The texts of an audience (`landings:audience.{audience}.*`): several variants speak to the same one. */
export type Audience =
  | 'founder'
  | 'free'
  | 'genius'
  | 'girl'
  | 'boy'
  | 'computer'
  | 'home'
  | 'matrix'
  | 'new'
  | 'relax'
  | 'third'
  | 'centre'
  | 'young'
  | 'types';

export interface LandingIdentity {
  variant: LandingVariant;
  audience: Audience;
  theme: IdentityTheme;
  logo: IdentityLogo;
  hero: {
    scene: HeroScene;
    /** Drawing style within the scene: the `new_`, `yellow_` and `-old` families each have their own. */
    mood: 'classic' | 'new' | 'yellow' | 'old';
    /** Who the scene shows, where it shows someone. */
    figure?: 'girl' | 'boy';
    /** Skin tone of the figure (1 lightest to 4 darkest); the variants show a range of people. */
    skin?: 1 | 2 | 3 | 4;
  };
  /** `iq` landings start the IQ test; `types` is the personality landing, built by its own feature. */
  kind: 'iq' | 'personality';
}

type WordmarkFamily = IdentityLogo['wordmark']['family'];
const wm = (
  family: WordmarkFamily,
  weight: IdentityLogo['wordmark']['weight'],
  textCase: IdentityLogo['wordmark']['case'] = 'none',
  tracking = -0.02,
  italic = false,
): IdentityLogo['wordmark'] => ({ family, weight, case: textCase, tracking, italic });

const light = (brand: string) => ({ ctaBg: brand, ctaText: '#ffffff' });

const ENTRIES: Omit<LandingIdentity, 'kind'>[] = [
  {
    variant: 'founder',
    audience: 'founder',
    theme: {
      brand: '#8a3b12',
      brandStrong: '#5e2508',
      brandSoft: '#fbeee4',
      accent: '#2f6f5e',
      bg: '#fbf8f3',
      heroFrom: '#f6e4cf',
      heroTo: '#fbf8f3',
      heroText: '#2b1a10',
      heroAccent: '#8a3b12',
      ...light('#8a3b12'),
    },
    logo: { frame: 'circle', motif: 'nib', outline: false, wordmark: wm('serif', 700) },
    hero: { scene: 'founder', mood: 'classic', skin: 2 },
  },
  {
    variant: 'free',
    audience: 'free',
    theme: {
      brand: '#0b7a43',
      brandStrong: '#075a31',
      brandSoft: '#e3f6ec',
      accent: '#6c3fc4',
      bg: '#f5fbf7',
      heroFrom: '#cdeedb',
      heroTo: '#f5fbf7',
      heroText: '#10291c',
      heroAccent: '#075a31',
      ...light('#0b7a43'),
    },
    logo: { frame: 'ticket', motif: 'gift', outline: false, wordmark: wm('rounded', 800, 'lower') },
    hero: { scene: 'gift', mood: 'classic' },
  },
  {
    variant: 'genius_lab',
    audience: 'genius',
    theme: {
      brand: '#6b2fd6',
      brandStrong: '#4a1d9e',
      brandSoft: '#efe7fd',
      accent: '#0f7b6c',
      bg: '#f8f6fe',
      heroFrom: '#241249',
      heroTo: '#4a1d9e',
      heroText: '#ffffff',
      heroAccent: '#e4d4ff',
      ctaBg: '#ffd84d',
      ctaText: '#241249',
    },
    logo: { frame: 'hexagon', motif: 'flask', outline: false, wordmark: wm('sans', 900, 'upper', 0.06) },
    hero: { scene: 'lab', mood: 'classic' },
  },
  {
    variant: 'girl',
    audience: 'girl',
    theme: {
      brand: '#b0285f',
      brandStrong: '#85163f',
      brandSoft: '#fde8f0',
      accent: '#0f7b6c',
      bg: '#fff7fa',
      heroFrom: '#ffd6e5',
      heroTo: '#fff7fa',
      heroText: '#3a0f22',
      heroAccent: '#85163f',
      ...light('#b0285f'),
    },
    logo: { frame: 'leaf', motif: 'spark', outline: false, wordmark: wm('rounded', 700) },
    hero: { scene: 'person', mood: 'classic', figure: 'girl', skin: 1 },
  },
  {
    variant: 'home',
    audience: 'home',
    theme: {
      brand: '#2f6f5e',
      brandStrong: '#1f4f42',
      brandSoft: '#e4f1ec',
      accent: '#b4541a',
      bg: '#f7faf8',
      heroFrom: '#d6eae1',
      heroTo: '#f7faf8',
      heroText: '#13302a',
      heroAccent: '#1f4f42',
      ...light('#2f6f5e'),
    },
    logo: { frame: 'rounded', motif: 'house', outline: false, wordmark: wm('sans', 600, 'lower', 0) },
    hero: { scene: 'home', mood: 'classic', skin: 3 },
  },
  {
    variant: 'matrix',
    audience: 'matrix',
    theme: {
      brand: '#11733f',
      brandStrong: '#0b5530',
      brandSoft: '#e2f4e9',
      accent: '#1d4ed8',
      bg: '#f5faf7',
      heroFrom: '#03130a',
      heroTo: '#0b2c19',
      heroText: '#d8fbe5',
      heroAccent: '#7ef0a8',
      ctaBg: '#7ef0a8',
      ctaText: '#03130a',
    },
    logo: { frame: 'octagon', motif: 'brackets', outline: false, wordmark: wm('mono', 700, 'lower', 0) },
    hero: { scene: 'matrix', mood: 'new' },
  },
  {
    variant: 'new_boy',
    audience: 'boy',
    theme: {
      brand: '#0b5fd0',
      brandStrong: '#0a4597',
      brandSoft: '#e4efff',
      accent: '#c2410c',
      bg: '#f5f9ff',
      heroFrom: '#0a2a66',
      heroTo: '#0b4fb0',
      heroText: '#ffffff',
      heroAccent: '#bfe0ff',
      ctaBg: '#ffffff',
      ctaText: '#0a2a66',
    },
    logo: { frame: 'circle', motif: 'bolt', outline: false, wordmark: wm('sans', 800, 'none', -0.04, true) },
    hero: { scene: 'person', mood: 'new', figure: 'boy', skin: 3 },
  },
  {
    variant: 'new_computer',
    audience: 'computer',
    theme: {
      brand: '#00707a',
      brandStrong: '#004f57',
      brandSoft: '#dff5f6',
      accent: '#6b2fd6',
      bg: '#f4fbfb',
      heroFrom: '#062c33',
      heroTo: '#0b4a52',
      heroText: '#e6fffd',
      heroAccent: '#7fe9e0',
      ctaBg: '#7fe9e0',
      ctaText: '#062c33',
    },
    logo: { frame: 'rounded', motif: 'chip', outline: false, wordmark: wm('mono', 600, 'upper', 0.04) },
    hero: { scene: 'computer', mood: 'new' },
  },
  {
    variant: 'new_genius',
    audience: 'genius',
    theme: {
      brand: '#4338ca',
      brandStrong: '#312e81',
      brandSoft: '#e8e7fb',
      accent: '#be185d',
      bg: '#f7f7fe',
      heroFrom: '#fde2f3',
      heroTo: '#dfe4ff',
      heroText: '#1e1b4b',
      heroAccent: '#9d174d',
      ...light('#4338ca'),
    },
    logo: { frame: 'circle', motif: 'atom', outline: false, wordmark: wm('sans', 700, 'upper', 0.12) },
    hero: { scene: 'lab', mood: 'new' },
  },
  {
    variant: 'new_girl',
    audience: 'girl',
    theme: {
      brand: '#b23a2b',
      brandStrong: '#86251a',
      brandSoft: '#ffe9e4',
      accent: '#1d6fa3',
      bg: '#fff8f6',
      heroFrom: '#ff9c8c',
      heroTo: '#ffd2c7',
      heroText: '#3b0d07',
      heroAccent: '#6e1a10',
      ctaBg: '#3b0d07',
      ctaText: '#ffffff',
    },
    logo: { frame: 'diamond', motif: 'comet', outline: false, wordmark: wm('sans', 500, 'lower', 0.02) },
    hero: { scene: 'person', mood: 'new', figure: 'girl', skin: 4 },
  },
  {
    variant: 'new_page',
    audience: 'new',
    theme: {
      brand: '#b3430b',
      brandStrong: '#7c2d12',
      brandSoft: '#ffedd5',
      accent: '#0369a1',
      bg: '#fffaf5',
      heroFrom: '#fed3a5',
      heroTo: '#fffaf5',
      heroText: '#3b1405',
      heroAccent: '#7c2d12',
      ...light('#b3430b'),
    },
    logo: { frame: 'rounded', motif: 'page', outline: false, wordmark: wm('serif', 600, 'none', 0, true) },
    hero: { scene: 'page', mood: 'classic' },
  },
  {
    variant: 'new',
    audience: 'new',
    theme: {
      brand: '#0369a1',
      brandStrong: '#075985',
      brandSoft: '#e0f2fe',
      accent: '#c2410c',
      bg: '#f5fbff',
      heroFrom: '#b5e2fb',
      heroTo: '#f0f9ff',
      heroText: '#0c2a3f',
      heroAccent: '#075985',
      ...light('#0369a1'),
    },
    logo: { frame: 'octagon', motif: 'asterisk', outline: false, wordmark: wm('sans', 800, 'lower', -0.03) },
    hero: { scene: 'page', mood: 'new' },
  },
  {
    variant: 'relax',
    audience: 'relax',
    theme: {
      brand: '#4f5fa8',
      brandStrong: '#36427a',
      brandSoft: '#e8ebf8',
      accent: '#2f7d6a',
      bg: '#f7f8fc',
      heroFrom: '#c9d3fb',
      heroTo: '#dff2ee',
      heroText: '#1f2546',
      heroAccent: '#36427a',
      ...light('#4f5fa8'),
    },
    logo: { frame: 'circle', motif: 'moon', outline: false, wordmark: wm('rounded', 500, 'lower', 0.03) },
    hero: { scene: 'relax', mood: 'classic', skin: 2 },
  },
  {
    variant: 'test_center',
    audience: 'centre',
    theme: {
      brand: '#3b3fc4',
      brandStrong: '#2a2d9a',
      brandSoft: '#eceefe',
      accent: '#0f7b6c',
      bg: '#f6f7fb',
      heroFrom: '#dfe2ff',
      heroTo: '#f6f7fb',
      heroText: '#1d1e2c',
      heroAccent: '#2a2d9a',
      ...light('#3b3fc4'),
    },
    logo: { frame: 'rounded', motif: 'matrix', outline: false, wordmark: wm('sans', 800) },
    hero: { scene: 'centre', mood: 'classic' },
  },
  {
    variant: 'third',
    audience: 'third',
    theme: {
      brand: '#334155',
      brandStrong: '#1e293b',
      brandSoft: '#e2e8f0',
      accent: '#0e7490',
      bg: '#f8fafc',
      heroFrom: '#dbe3ee',
      heroTo: '#cff4fb',
      heroText: '#0f172a',
      heroAccent: '#155e75',
      ...light('#334155'),
    },
    logo: { frame: 'shield', motif: 'bars', outline: false, wordmark: wm('sans', 700, 'upper', 0.08) },
    hero: { scene: 'steps', mood: 'classic' },
  },
  {
    variant: 'types',
    audience: 'types',
    theme: {
      brand: '#0e7490',
      brandStrong: '#155e75',
      brandSoft: '#cffafe',
      accent: '#a16207',
      bg: '#f5fcfd',
      heroFrom: '#a8eefa',
      heroTo: '#ecfeff',
      heroText: '#083344',
      heroAccent: '#155e75',
      ...light('#0e7490'),
    },
    logo: { frame: 'rounded', motif: 'quadrants', outline: false, wordmark: wm('rounded', 600) },
    hero: { scene: 'types', mood: 'classic' },
  },
  {
    variant: 'yellow_boy',
    audience: 'boy',
    theme: {
      brand: '#1f2a44',
      brandStrong: '#121a2e',
      brandSoft: '#fff1b8',
      accent: '#0b5fd0',
      bg: '#fffbeb',
      heroFrom: '#ffc928',
      heroTo: '#ffe27a',
      heroText: '#1f2a44',
      heroAccent: '#3d2a00',
      ...light('#1f2a44'),
    },
    logo: { frame: 'shield', motif: 'rocket', outline: false, wordmark: wm('sans', 900, 'none', -0.05) },
    hero: { scene: 'person', mood: 'yellow', figure: 'boy', skin: 2 },
  },
  {
    variant: 'yellow_computer',
    audience: 'computer',
    theme: {
      brand: '#24292f',
      brandStrong: '#0d1117',
      brandSoft: '#fff3c4',
      accent: '#00707a',
      bg: '#fffcf0',
      heroFrom: '#f2e35c',
      heroTo: '#fff8b8',
      heroText: '#1c1f00',
      heroAccent: '#4a3b00',
      ...light('#24292f'),
    },
    logo: { frame: 'ticket', motif: 'cursor', outline: false, wordmark: wm('mono', 800, 'lower', -0.02) },
    hero: { scene: 'computer', mood: 'yellow' },
  },
  {
    variant: 'yellow_girl',
    audience: 'girl',
    theme: {
      brand: '#8a4b00',
      brandStrong: '#5c3200',
      brandSoft: '#fff4cc',
      accent: '#b0285f',
      bg: '#fffbea',
      heroFrom: '#ffd43b',
      heroTo: '#ffe98a',
      heroText: '#2b1d00',
      heroAccent: '#5c3200',
      ...light('#8a4b00'),
    },
    logo: { frame: 'circle', motif: 'sun', outline: false, wordmark: wm('rounded', 900, 'lower', -0.01) },
    hero: { scene: 'person', mood: 'yellow', figure: 'girl', skin: 3 },
  },
  {
    variant: 'young',
    audience: 'young',
    theme: {
      brand: '#a21caf',
      brandStrong: '#701a75',
      brandSoft: '#fae8ff',
      accent: '#0369a1',
      bg: '#fdf7ff',
      heroFrom: '#f3c9fb',
      heroTo: '#c9f3fb',
      heroText: '#3b0a3f',
      heroAccent: '#701a75',
      ...light('#a21caf'),
    },
    logo: { frame: 'leaf', motif: 'sprout', outline: false, wordmark: wm('rounded', 800, 'none', -0.03, true) },
    hero: { scene: 'young', mood: 'new', skin: 4 },
  },
  {
    variant: 'genius_lab-old',
    audience: 'genius',
    theme: {
      brand: '#1f3f7a',
      brandStrong: '#142a55',
      brandSoft: '#e6ecf7',
      accent: '#7a5c00',
      bg: '#f7f8fb',
      heroFrom: '#e3e9f4',
      heroTo: '#f7f8fb',
      heroText: '#142a55',
      heroAccent: '#6b5000',
      ...light('#1f3f7a'),
    },
    logo: { frame: 'shield', motif: 'flask', outline: true, wordmark: wm('serif', 700, 'upper', 0.08) },
    hero: { scene: 'lab', mood: 'old' },
  },
  {
    variant: 'girl-old',
    audience: 'girl',
    theme: {
      brand: '#7a3e9d',
      brandStrong: '#572a72',
      brandSoft: '#f3e9f9',
      accent: '#a0421f',
      bg: '#fbf8fc',
      heroFrom: '#eadcf3',
      heroTo: '#fbf8fc',
      heroText: '#2f1740',
      heroAccent: '#572a72',
      ...light('#7a3e9d'),
    },
    logo: { frame: 'circle', motif: 'spark', outline: true, wordmark: wm('serif', 400, 'none', 0.01, true) },
    hero: { scene: 'person', mood: 'old', figure: 'girl', skin: 2 },
  },
  {
    variant: 'test_center-old',
    audience: 'centre',
    theme: {
      brand: '#2d5f8a',
      brandStrong: '#1d4263',
      brandSoft: '#e3edf5',
      accent: '#8a3b12',
      bg: '#f6f8fa',
      heroFrom: '#d8e4ee',
      heroTo: '#f6f8fa',
      heroText: '#14283a',
      heroAccent: '#1d4263',
      ...light('#2d5f8a'),
    },
    logo: { frame: 'rounded', motif: 'matrix', outline: true, wordmark: wm('serif', 700) },
    hero: { scene: 'centre', mood: 'old' },
  },
  {
    variant: 'yellow_boy-old',
    audience: 'boy',
    theme: {
      brand: '#6b4e00',
      brandStrong: '#4a3600',
      brandSoft: '#f7efcf',
      accent: '#2a6f97',
      bg: '#fcfaf2',
      heroFrom: '#efd58a',
      heroTo: '#f7efcf',
      heroText: '#2e2400',
      heroAccent: '#4a3600',
      ...light('#6b4e00'),
    },
    logo: { frame: 'octagon', motif: 'rocket', outline: true, wordmark: wm('serif', 900, 'upper', 0.02) },
    hero: { scene: 'person', mood: 'old', figure: 'boy', skin: 1 },
  },
];

export const IDENTITIES: Readonly<Record<LandingVariant, LandingIdentity>> = Object.fromEntries(
  ENTRIES.map((e) => [e.variant, { ...e, kind: e.variant === 'types' ? 'personality' : 'iq' }]),
) as Record<LandingVariant, LandingIdentity>;

export function isLandingVariant(value: unknown): value is LandingVariant {
  return typeof value === 'string' && Object.hasOwn(IDENTITIES, value);
}

/** The spec's route name of a variant's landing, whichever path (full or short alias) showed it. */
export function landingRouteName(variant: LandingVariant): string {
  return `landing_page-${variant}-code-examId`;
}

/** The CSS custom properties a theme sets on the document (tokens.css holds the defaults). */
export function themeProperties(theme: IdentityTheme): Record<string, string> {
  return {
    '--color-brand': theme.brand,
    '--color-brand-strong': theme.brandStrong,
    '--color-brand-soft': theme.brandSoft,
    '--color-accent': theme.accent,
    '--color-bg': theme.bg,
    '--hero-from': theme.heroFrom,
    '--hero-to': theme.heroTo,
    '--hero-text': theme.heroText,
    '--hero-accent': theme.heroAccent,
    '--hero-cta-bg': theme.ctaBg,
    '--hero-cta-text': theme.ctaText,
  };
}
