import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Locale } from '@mindgauge/contract';
import * as fontkit from 'fontkit';

/**
 * The fonts PDFs are set in. They ship with `npm install` (Noto Sans, OFL, in @embedpdf/fonts-*), so no
 * system font is needed: Latin for the European languages, and a CJK font (which also has Latin) for
 * Chinese, Japanese and Korean. pdfkit embeds only the glyphs a document uses (subsets), so a PDF stays small.
 */
const require = createRequire(import.meta.url);
// The packages export only their entry (dist/index.cjs); the fonts sit beside dist/.
const dirOf = (pkg: string) => path.join(path.dirname(require.resolve(pkg)), '..', 'fonts');

const FILES: Record<'latin' | 'sc' | 'tc' | 'jp' | 'kr', [string, string, string]> = {
  latin: ['@embedpdf/fonts-latin', 'NotoSans-Regular.ttf', 'NotoSans-Bold.ttf'],
  sc: ['@embedpdf/fonts-sc', 'NotoSansHans-Regular.otf', 'NotoSansHans-Bold.otf'],
  tc: ['@embedpdf/fonts-tc', 'NotoSansHant-Regular.otf', 'NotoSansHant-Bold.otf'],
  jp: ['@embedpdf/fonts-jp', 'NotoSansJP-Regular.otf', 'NotoSansJP-Bold.otf'],
  kr: ['@embedpdf/fonts-kr', 'NotoSansKR-Regular.otf', 'NotoSansKR-Bold.otf'],
};

const SCRIPT: Record<Locale, keyof typeof FILES> = {
  en: 'latin',
  fr: 'latin',
  de: 'latin',
  es: 'latin',
  pt: 'latin',
  'zh-CN': 'sc',
  'zh-HK': 'tc',
  ja: 'jp',
  ko: 'kr',
};

export interface PdfFonts {
  /**
   * Parsed once per process and shared by every document (pdfkit takes a fontkit font as it is): parsing the
   * font's tables again for each PDF was most of the time a Latin report took.
   */
  regular: fontkit.Font;
  bold: fontkit.Font;
  /** For messages and tests: which files these are. */
  files: [string, string];
}

const cache = new Map<string, PdfFonts>();

/** The regular and bold font of a language, read and parsed once per process (a few MB for CJK). */
export function fontsFor(locale: Locale): PdfFonts {
  const script = SCRIPT[locale] ?? 'latin';
  const hit = cache.get(script);
  if (hit) return hit;
  const [pkg, regular, bold] = FILES[script];
  const dir = dirOf(pkg);
  const fonts: PdfFonts = {
    regular: fontkit.create(fs.readFileSync(path.join(dir, regular))) as fontkit.Font,
    bold: fontkit.create(fs.readFileSync(path.join(dir, bold))) as fontkit.Font,
    files: [path.join(dir, regular), path.join(dir, bold)],
  };
  cache.set(script, fonts);
  return fonts;
}
