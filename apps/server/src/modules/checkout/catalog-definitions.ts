import type { TEntitlement, TSkuId } from '@mindgauge/contract';

/**
 * The report tiers as shipped. Names, subtitles and feature texts come from the `catalog` locale namespace;
 * prices live in the database (sku_prices), seeded from the tables below and editable by the operator.
 */
export interface SkuDefinition {
  skuId: TSkuId;
  tier: number;
  recommended: boolean;
  /** Feature ids: `catalog:features.{id}.name` / `.content`. Cumulative: each tier lists all it includes. */
  features: string[];
  entitlements: TEntitlement[];
}

const BASIC = ['iqScore', 'classRange', 'ranking'];
const STANDARD = [...BASIC, 'dimensions', 'answerAnalysis', 'pdfReport'];
const PREMIUM = [...STANDARD, 'certificate', 'brainTests', 'trainingGuide'];
const COMPLETE = [...PREMIUM, 'gift', 'discount'];

/** What each tier unlocks, cumulative like its features. */
const UNLOCKS_1: TEntitlement[] = ['score', 'ranking'];
const UNLOCKS_2: TEntitlement[] = [...UNLOCKS_1, 'dimensions', 'answerAnalysis', 'pdfReport'];
const UNLOCKS_3: TEntitlement[] = [...UNLOCKS_2, 'certificate', 'brainTests', 'trainingGuide'];
const UNLOCKS_4: TEntitlement[] = [...UNLOCKS_3, 'gift', 'discount'];

export const SKU_DEFINITIONS: SkuDefinition[] = [
  { skuId: 'sku1', tier: 1, recommended: false, features: BASIC, entitlements: UNLOCKS_1 },
  { skuId: 'sku2', tier: 2, recommended: true, features: STANDARD, entitlements: UNLOCKS_2 },
  { skuId: 'sku3', tier: 3, recommended: false, features: PREMIUM, entitlements: UNLOCKS_3 },
  { skuId: 'sku4', tier: 4, recommended: false, features: COMPLETE, entitlements: UNLOCKS_4 },
];

/**
 * The personality report's tiers (exam 1800): texts from `personality-catalog:*`, priced from the same
 * tables as the IQ tiers of the same rank (sku1 and sku2), so neither product is cheaper by accident.
 */
const PROFILE = ['typeAxes', 'evidence', 'nearest', 'strengths'];
const PROFILE_FULL = [...PROFILE, 'workLove', 'growth', 'profilePdf'];
export const PERSONALITY_SKU_DEFINITIONS: SkuDefinition[] = [
  { skuId: 'sku1', tier: 1, recommended: false, features: PROFILE, entitlements: ['profile'] },
  {
    skuId: 'sku2',
    tier: 2,
    recommended: true,
    features: PROFILE_FULL,
    entitlements: ['profile', 'profileDepth', 'pdfReport'],
  },
];

/** [list, offer] in major units for sku1..sku4, per currency: set by hand, as real price lists are. */
type Table = [[number, number], [number, number], [number, number], [number, number]];
export const PRICE_TABLES: Record<string, Table> = {
  USD: [
    [9.99, 4.99],
    [29.99, 14.99],
    [39.99, 19.99],
    [59.99, 29.99],
  ],
  EUR: [
    [9.99, 4.99],
    [27.99, 13.99],
    [36.99, 18.99],
    [54.99, 27.99],
  ],
  GBP: [
    [8.99, 3.99],
    [24.99, 12.99],
    [32.99, 16.99],
    [49.99, 24.99],
  ],
  CAD: [
    [13.99, 6.99],
    [39.99, 19.99],
    [54.99, 27.99],
    [79.99, 39.99],
  ],
  AUD: [
    [14.99, 7.99],
    [44.99, 22.99],
    [59.99, 29.99],
    [89.99, 44.99],
  ],
  INR: [
    [499, 249],
    [1499, 749],
    [1999, 999],
    [2999, 1499],
  ],
  BRL: [
    [49.9, 24.9],
    [149.9, 74.9],
    [199.9, 99.9],
    [299.9, 149.9],
  ],
  MXN: [
    [179, 89],
    [549, 279],
    [729, 369],
    [1099, 549],
  ],
  KRW: [
    [13_900, 6900],
    [39_900, 19_900],
    [54_900, 27_900],
    [79_900, 39_900],
  ],
  JPY: [
    [1500, 780],
    [4500, 2280],
    [5900, 2980],
    [8900, 4480],
  ],
  TWD: [
    [320, 160],
    [950, 480],
    [1290, 650],
    [1890, 950],
  ],
  HKD: [
    [78, 38],
    [238, 118],
    [318, 158],
    [468, 238],
  ],
  CNY: [
    [68, 35],
    [198, 99],
    [268, 138],
    [398, 198],
  ],
  PLN: [
    [39.99, 19.99],
    [119.99, 59.99],
    [159.99, 79.99],
    [239.99, 119.99],
  ],
  DKK: [
    [75, 37],
    [219, 109],
    [289, 145],
    [429, 215],
  ],
  // The other currencies section 9 of the spec lists (shown without decimals): whole, round amounts.
  NOK: [
    [109, 55],
    [329, 165],
    [439, 219],
    [649, 329],
  ],
  TRY: [
    [349, 175],
    [999, 499],
    [1349, 679],
    [1999, 999],
  ],
  EGP: [
    [299, 149],
    [899, 449],
    [1199, 599],
    [1799, 899],
  ],
  CZK: [
    [239, 119],
    [699, 349],
    [949, 479],
    [1399, 699],
  ],
  UAH: [
    [399, 199],
    [1199, 599],
    [1599, 799],
    [2399, 1199],
  ],
  PHP: [
    [549, 279],
    [1690, 849],
    [2290, 1149],
    [3390, 1690],
  ],
  RUB: [
    [890, 450],
    [2690, 1350],
    [3590, 1790],
    [5390, 2690],
  ],
  ARS: [
    [9900, 4900],
    [29_900, 14_900],
    [39_900, 19_900],
    [59_900, 29_900],
  ],
  HUF: [
    [3590, 1790],
    [10_990, 5490],
    [14_490, 7290],
    [21_990, 10_990],
  ],
  KZT: [
    [4990, 2490],
    [14_990, 7490],
    [19_990, 9990],
    [29_990, 14_990],
  ],
  CLP: [
    [8900, 4490],
    [26_900, 13_490],
    [35_900, 17_990],
    [53_900, 26_900],
  ],
  UGX: [
    [29_000, 15_000],
    [89_000, 45_000],
    [119_000, 59_000],
    [179_000, 89_000],
  ],
  COP: [
    [34_900, 17_900],
    [104_900, 52_900],
    [139_900, 69_900],
    [209_900, 104_900],
  ],
  IDR: [
    [99_000, 49_000],
    [299_000, 149_000],
    [399_000, 199_000],
    [599_000, 299_000],
  ],
  THB: [
    [249, 125],
    [749, 375],
    [999, 499],
    [1490, 749],
  ],
  VND: [
    [149_000, 75_000],
    [449_000, 225_000],
    [599_000, 299_000],
    [899_000, 449_000],
  ],
  ZAR: [
    [119, 59],
    [349, 179],
    [469, 235],
    [699, 349],
  ],
};

/** The euro area (2026), priced in EUR. */
export const EURO_AREA = [
  'AT',
  'BE',
  'BG',
  'CY',
  'DE',
  'EE',
  'ES',
  'FI',
  'FR',
  'GR',
  'HR',
  'IE',
  'IT',
  'LT',
  'LU',
  'LV',
  'MT',
  'NL',
  'PT',
  'SI',
  'SK',
];

/**
 * Every country with its own price table, and its currency. The default table is US. Every currency of the
 * spec's section 9 has a country here except HRK: Croatia has paid in euro since 2023 (HR is in the euro area),
 * so pricing it in kuna would be untrue; formatMoney still shows HRK with its decimal comma.
 */
export const COUNTRY_CURRENCY: Record<string, string> = {
  US: 'USD',
  GB: 'GBP',
  CA: 'CAD',
  AU: 'AUD',
  IN: 'INR',
  BR: 'BRL',
  MX: 'MXN',
  KR: 'KRW',
  JP: 'JPY',
  TW: 'TWD',
  HK: 'HKD',
  CN: 'CNY',
  PL: 'PLN',
  DK: 'DKK',
  NO: 'NOK',
  TR: 'TRY',
  EG: 'EGP',
  CZ: 'CZK',
  UA: 'UAH',
  PH: 'PHP',
  RU: 'RUB',
  AR: 'ARS',
  HU: 'HUF',
  KZ: 'KZT',
  CL: 'CLP',
  UG: 'UGX',
  CO: 'COP',
  ID: 'IDR',
  TH: 'THB',
  VN: 'VND',
  ZA: 'ZAR',
  ...Object.fromEntries(EURO_AREA.map((c) => [c, 'EUR'])),
};

/** Demonstration promo codes, marked demo in the database. */
export const DEMO_PROMO_CODES = [
  { code: 'WELCOME10', percent_off: 10, expires_at: null },
  { code: 'SPRING25', percent_off: 25, expires_at: Date.UTC(2026, 5, 1) },
];
