/** Compact SVG path data for the five shapes; numbers carry at most one decimal. */

export function fmt(n: number): string {
  const r = Math.round(n * 10) / 10;
  if (Object.is(r, -0) || r === 0) return '0';
  const s = r.toString();
  return s.startsWith('0.') ? s.slice(1) : s.startsWith('-0.') ? `-${s.slice(2)}` : s;
}

/** Sides per shape level 1..5; 0 marks the circle. */
const SIDES = [3, 4, 5, 6, 0];

/**
 * Path of one shape centred on (x, y) with circumradius r. Polygons point up and
 * squares sit flat, so that no two shape levels can look alike at any size.
 */
export function shapePath(shape: number, x: number, y: number, r: number): string {
  const sides = SIDES[shape - 1] ?? 0;
  if (sides === 0) {
    // The radius is rounded first so the two half-arcs meet exactly (a chord longer
    // than twice the written radius would make the renderer draw an oval).
    const rr = Math.round(r * 9.2) / 10;
    return `M${fmt(x - rr)} ${fmt(y)}a${fmt(rr)} ${fmt(rr)} 0 1 0 ${fmt(2 * rr)} 0a${fmt(rr)} ${fmt(rr)} 0 1 0 ${fmt(-2 * rr)} 0z`;
  }
  const offset = sides === 4 ? Math.PI / 4 : 0;
  const pts: [number, number][] = [];
  for (let i = 0; i < sides; i++) {
    const angle = offset + (2 * Math.PI * i) / sides;
    pts.push([Math.round((x + r * Math.sin(angle)) * 10) / 10, Math.round((y - r * Math.cos(angle)) * 10) / 10]);
  }
  const [first] = pts as [[number, number]];
  let d = `M${fmt(first[0])} ${fmt(first[1])}`;
  for (let i = 1; i < pts.length; i++) {
    const p = pts[i] as [number, number];
    const q = pts[i - 1] as [number, number];
    d += `l${fmt(p[0] - q[0])} ${fmt(p[1] - q[1])}`;
  }
  return `${d}z`;
}

/**
 * Grey levels for fill 1..6: white to black in equal steps of lightness, so fills
 * differ by luminance alone and read the same for every kind of colour vision.
 */
export const FILL_GREYS: readonly string[] = ['#fff', '#ccc', '#999', '#666', '#333', '#000'];
