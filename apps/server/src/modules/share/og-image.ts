import { emblemMarkup, type Locale } from '@mindgauge/contract';
import { Resvg } from '@resvg/resvg-js';
import { fontsFor } from '../pdf/pdf-fonts';

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** The card's centre: an IQ class (and score when shown), or a personality type with its emblem. */
export type ShareCard =
  | { kind: 'iq'; className: string; iq: number | null; iqLabel: string }
  | { kind: 'personality'; code: string; name: string; familyName: string };

/** The IQ card's middle: the class alone, or the score over the label and class. */
function iqMiddle(c: Extract<ShareCard, { kind: 'iq' }>, b: string): string {
  return c.iq === null
    ? `<text x="100" y="360" font-size="84" font-family="${b}" font-weight="700">${esc(c.className)}</text>`
    : `<text x="100" y="380" font-size="150" font-family="${b}" font-weight="700">${c.iq}</text>
    <text x="100" y="450" font-size="44">${esc(c.iqLabel)} · ${esc(c.className)}</text>`;
}

/** The type card's middle: the four letters, the name and family (the emblem is drawn on the right). */
function typeMiddle(c: Extract<ShareCard, { kind: 'personality' }>, b: string): string {
  return `<text x="100" y="350" font-size="140" font-family="${b}" font-weight="700">${esc(c.code)}</text>
    <text x="100" y="420" font-size="44" font-family="${b}" font-weight="700">${esc(c.name)}</text>
    <text x="100" y="470" font-size="30" fill-opacity="0.85">${esc(c.familyName)}</text>`;
}

/**
 * The shared page's Open Graph image (1200 × 630 PNG, what social networks show with the link), drawn on the
 * server from an SVG with the same fonts as the PDFs: the test and its card, the IQ score only when shown.
 */
export function renderShareImage(o: {
  locale: Locale;
  examName: string;
  cta: string;
  host: string;
  card: ShareCard;
}): Buffer {
  const fonts = fontsFor(o.locale);
  const [regular, bold] = fonts.files;
  // The files' own family names (the CJK bold files are families of their own).
  const r = esc(fonts.regular.familyName);
  const b = esc(fonts.bold.familyName);
  const middle = o.card.kind === 'iq' ? iqMiddle(o.card, b) : typeMiddle(o.card, b);
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="630" viewBox="0 0 1200 630">
  <rect width="1200" height="630" fill="#2a2d9a"/>
  <rect x="40" y="40" width="1120" height="550" rx="32" fill="#3b3fc4"/>
  <g fill="#ffffff" font-family="${r}">
    <text x="100" y="130" font-size="40" font-family="${b}" font-weight="700">Mindgauge</text>
    <text x="100" y="200" font-size="34" fill-opacity="0.85">${esc(o.examName)}</text>
    ${middle}
    <text x="100" y="540" font-size="30" fill-opacity="0.85">${esc(o.cta)} · ${esc(o.host)}</text>
  </g>${
    // The type's emblem, the same drawing as the web's (64 × 64, shown at 320 × 320).
    o.card.kind === 'personality' ? `<g transform="translate(790 150) scale(5)">${emblemMarkup(o.card.code)}</g>` : ''
  }
</svg>`;
  const png = new Resvg(svg, {
    font: { fontFiles: [regular, bold], loadSystemFonts: false, defaultFontFamily: fonts.regular.familyName },
  }).render();
  return png.asPng();
}
