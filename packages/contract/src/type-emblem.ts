/**
 * The drawing of a personality type's emblem as plain data, so the web page (React) and the server's Open
 * Graph image (an SVG drawn to PNG) show the same picture from one definition.
 *
 * Drawn from the four letters so that each of the sixteen is different and readable: E radiates (rays) where
 * I is enclosed (a ring); S is a square (the concrete) where N is a triangle pointing up (the possible); T
 * marks the centre with a straight bar where F marks it with a circle and softens the corners; J sets three
 * dots in a row where P lets them wander. Coloured by family. The view box is 64 × 64.
 */

export const TYPE_FAMILIES = ['nt', 'nf', 'sj', 'sp'] as const;
export type TypeFamily = (typeof TYPE_FAMILIES)[number];

/** N types group by their T/F letter, S types by their J/P letter. */
export function typeFamilyOf(code: string): TypeFamily {
  if (code[1] === 'N') return code[2] === 'T' ? 'nt' : 'nf';
  return code[3] === 'J' ? 'sj' : 'sp';
}

/** Each family's colours: the strong one draws, the soft one fills the tile. */
export const FAMILY_COLOURS: Record<TypeFamily, { strong: string; soft: string }> = {
  nt: { strong: '#5b3cc4', soft: '#ece8fb' },
  nf: { strong: '#0f7b5c', soft: '#e1f3ec' },
  sj: { strong: '#1f5fa8', soft: '#e4edf9' },
  sp: { strong: '#b3530f', soft: '#fbede2' },
};

/** One SVG element: its tag and attributes under their SVG names (`stroke-width`, not `strokeWidth`). */
export interface EmblemShape {
  tag: 'rect' | 'circle' | 'line' | 'polygon';
  attrs: Record<string, string | number>;
}

const CX = 32;
const RAY_ANGLES = [0, 45, 90, 135, 180, 225, 270, 315];
const round = (n: number) => Math.round(n * 1000) / 1000;

/** The emblem's elements in drawing order (a 64 × 64 view box). */
export function emblemShapes(code: string): EmblemShape[] {
  const { strong, soft } = FAMILY_COLOURS[typeFamilyOf(code)];
  const [energy, perceiving, deciding, living] = code.split('');
  const cy = perceiving === 'S' ? 28.5 : 31;
  const feeling = deciding === 'F';
  const dots = living === 'J' ? [47, 47, 47] : [49.5, 45, 48];
  const shapes: EmblemShape[] = [{ tag: 'rect', attrs: { x: 1, y: 1, width: 62, height: 62, rx: 16, fill: soft } }];
  if (energy === 'E') {
    for (const deg of RAY_ANGLES) {
      const r = (deg * Math.PI) / 180;
      shapes.push({
        tag: 'line',
        attrs: {
          x1: round(CX + 23 * Math.cos(r)),
          y1: round(32 + 23 * Math.sin(r)),
          x2: round(CX + 28.5 * Math.cos(r)),
          y2: round(32 + 28.5 * Math.sin(r)),
          stroke: strong,
          'stroke-width': 3,
          'stroke-linecap': 'round',
        },
      });
    }
  } else {
    shapes.push({ tag: 'circle', attrs: { cx: CX, cy: 32, r: 26, fill: 'none', stroke: strong, 'stroke-width': 2.5 } });
  }
  shapes.push(
    perceiving === 'S'
      ? { tag: 'rect', attrs: { x: 22.5, y: 19.5, width: 19, height: 19, rx: feeling ? 5 : 0, fill: strong } }
      : {
          tag: 'polygon',
          attrs: {
            points: '32,16.5 43.5,38.5 20.5,38.5',
            fill: strong,
            stroke: strong,
            'stroke-width': feeling ? 4 : 0,
            'stroke-linejoin': 'round',
          },
        },
  );
  shapes.push(
    feeling
      ? { tag: 'circle', attrs: { cx: CX, cy, r: 3.5, fill: '#fff' } }
      : { tag: 'rect', attrs: { x: CX - 5, y: cy - 1.5, width: 10, height: 3, fill: '#fff' } },
  );
  [25, 32, 39].forEach((x, i) => {
    shapes.push({ tag: 'circle', attrs: { cx: x, cy: dots[i] ?? 47, r: 2.6, fill: strong } });
  });
  return shapes;
}

/** The emblem as SVG markup (no outer <svg>), for renderers without React. */
export function emblemMarkup(code: string): string {
  return emblemShapes(code)
    .map((s) => {
      const attrs = Object.entries(s.attrs)
        .map(([k, v]) => `${k}="${String(v).replace(/[&<>"]/g, '')}"`)
        .join(' ');
      return `<${s.tag} ${attrs}/>`;
    })
    .join('');
}
