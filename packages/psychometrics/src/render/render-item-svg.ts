import { LAYOUTS } from '../items/layouts';
import type { LayoutName, MatrixItem, Panel } from '../items/types';
import { FILL_GREYS, shapePath } from './shapes';

/** Accessible names; pass translated texts (engine.a11y.panel / engine.a11y.option). */
export interface SvgLabels {
  /** Name of context panel `index` (0..7), e.g. "Row 1, panel 2". */
  readonly panel: (index: number) => string;
  /** Name of option `index` (0..5), e.g. "Option A". */
  readonly option: (index: number) => string;
}

export const ENGLISH_LABELS: SvgLabels = {
  panel: (i) => `Row ${Math.floor(i / 3) + 1}, panel ${(i % 3) + 1}`,
  option: (i) => `Option ${String.fromCharCode(65 + i)}`,
};

export interface ItemSvg {
  /** Eight standalone SVG documents, panels 1..8 in reading order. */
  readonly context: readonly string[];
  /** Six standalone SVG documents in display order. */
  readonly options: readonly string[];
  /** Total size in bytes (UTF-8) of all fourteen documents. */
  readonly bytes: number;
}

function escapeXml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/** One filled, stroked path of a panel, in the 100 × 100 panel space. */
export interface PanelPath {
  /** SVG path data. */
  readonly d: string;
  /** A grey, or `none` for an outline. */
  readonly fill: string;
}

/** The paths of a panel, for any vector renderer (SVG here, PDF on the server). Stroke: black, 2.2 units. */
export function panelPaths(layout: LayoutName, panel: Panel): PanelPath[] {
  const def = LAYOUTS[layout];
  const out: PanelPath[] = [];
  def.components.forEach((c, i) => {
    const state = panel.components[i];
    if (!state) return;
    const r = c.maxRadius * (c.sizeScale[state.size - 1] ?? 1);
    let d = '';
    c.slots.forEach((slot, s) => {
      if (state.positions & (1 << s)) d += shapePath(state.shape, slot.x, slot.y, r);
    });
    out.push({ d, fill: c.outline ? 'none' : (FILL_GREYS[state.fill - 1] ?? '#fff') });
  });
  return out;
}

/** Drawing of a panel: a pure function of its content, so nothing marks the answer. */
export function panelBody(layout: LayoutName, panel: Panel): string {
  return panelPaths(layout, panel)
    .map((p) => `<path fill="${p.fill}" d="${p.d}"/>`)
    .join('');
}

/**
 * Standalone, scalable SVG (viewBox only, no pixel size) with an accessible name.
 * Strokes scale with the drawing; 2.2 units stay above one CSS pixel on a 360 px
 * phone showing three panels per row.
 */
export function panelSvg(layout: LayoutName, panel: Panel, label: string): string {
  const name = escapeXml(label);
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100" role="img" aria-label="${name}"><title>${name}</title><g stroke="#000" stroke-width="2.2" stroke-linejoin="round">${panelBody(layout, panel)}</g></svg>`;
}

export function renderItemSvg(
  item: Pick<MatrixItem, 'layout' | 'context' | 'options'>,
  labels: SvgLabels = ENGLISH_LABELS,
): ItemSvg {
  const context = item.context.map((p, i) => panelSvg(item.layout, p, labels.panel(i)));
  const options = item.options.map((p, i) => panelSvg(item.layout, p, labels.option(i)));
  let bytes = 0;
  for (const s of context) bytes += utf8Length(s);
  for (const s of options) bytes += utf8Length(s);
  return { context, options, bytes };
}

function utf8Length(s: string): number {
  let n = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c < 0x80) n += 1;
    else if (c < 0x800) n += 2;
    else if (c >= 0xd800 && c <= 0xdbff) {
      n += 4;
      i++;
    } else n += 3;
  }
  return n;
}

/** What a client may see of an item: its id and drawings, never the key, rules or parameters. */
export interface PublicItem {
  readonly id: string;
  readonly context: readonly string[];
  readonly options: readonly string[];
}

export function toPublicItem(item: MatrixItem, labels: SvgLabels = ENGLISH_LABELS): PublicItem {
  const svg = renderItemSvg(item, labels);
  return { id: item.id, context: svg.context, options: svg.options };
}
