import type { LogoFrame, LogoMotif } from './registry';

/** Outlines of the marks' frames, in a 32 × 32 box. */
export const FRAMES: Record<LogoFrame, string> = {
  rounded: 'M8 0h16a8 8 0 0 1 8 8v16a8 8 0 0 1-8 8H8a8 8 0 0 1-8-8V8a8 8 0 0 1 8-8z',
  circle: 'M16 0a16 16 0 1 1 0 32a16 16 0 1 1 0-32z',
  hexagon: 'M16 0l14 8v16l-14 8-14-8V8z',
  shield: 'M16 0l14 5v10c0 9-6 14-14 17C8 29 2 24 2 15V5z',
  diamond: 'M16 0l16 16-16 16L0 16z',
  leaf: 'M0 16A16 16 0 0 1 16 0h16v16a16 16 0 0 1-16 16A16 16 0 0 1 0 16z',
  ticket: 'M4 0h24a4 4 0 0 0 4 4v24a4 4 0 0 0-4 4H4a4 4 0 0 0-4-4V4a4 4 0 0 0 4-4z',
  octagon: 'M9.4 0h13.2L32 9.4v13.2L22.6 32H9.4L0 22.6V9.4z',
};

/** The motif drawn inside a frame: filled shapes or strokes, in the same 32 × 32 box. */
export const MOTIFS: Record<LogoMotif, { d: string; paint: 'fill' | 'stroke' }> = {
  matrix: {
    paint: 'fill',
    d: 'M8 8h4v4H8zM14 8h4v4h-4zM20 8h4v4h-4zM8 14h4v4H8zM14 14h4v4h-4zM20 14h4v4h-4zM8 20h4v4H8zM14 20h4v4h-4zM20.5 20.5h3v3h-3z',
  },
  brackets: { paint: 'stroke', d: 'M12 8H8v16h4M20 8h4v16h-4M13 13.5h6M13 18.5h6' },
  nib: { paint: 'stroke', d: 'M16 6l6 10-6 10-6-10zM16 16v10M16 14v.01' },
  gift: {
    paint: 'stroke',
    d: 'M9 15h14v9H9zM8 11h16v4H8zM16 11v13M16 11c-1.5-3.5-6-4-6-1.5S16 11 16 11c1.5-3.5 6-4 6-1.5S16 11 16 11',
  },
  flask: {
    paint: 'stroke',
    d: 'M13 7h6M14 7v6l-5.5 9.5A1.7 1.7 0 0 0 10 25h12a1.7 1.7 0 0 0 1.5-2.5L18 13V7M11.5 19h9',
  },
  spark: { paint: 'fill', d: 'M16 6c1 5 3.5 8.5 10 10-6.5 1.5-9 5-10 10-1-5-3.5-8.5-10-10 6.5-1.5 9-5 10-10z' },
  comet: { paint: 'stroke', d: 'M24 12a4 4 0 1 1-8 0a4 4 0 1 1 8 0zM17 15l-9 9M15 11l-6 4M21 17l-4 6' },
  sun: {
    paint: 'stroke',
    d: 'M16 11.5a4.5 4.5 0 1 1 0 9a4.5 4.5 0 1 1 0-9zM16 6v2.5M16 23.5V26M6 16h2.5M23.5 16H26M9 9l1.8 1.8M21.2 21.2L23 23M9 23l1.8-1.8M21.2 10.8L23 9',
  },
  bolt: { paint: 'fill', d: 'M18 5L9 18h6l-2 9 10-14h-6z' },
  rocket: {
    paint: 'stroke',
    d: 'M16 6c3.5 3 4.5 7.5 3.5 13h-7c-1-5.5 0-10 3.5-13zM12.5 19L10 23h3.5M19.5 19l2.5 4h-3.5M16 12.5v.01M14.5 23.5L16 26l1.5-2.5',
  },
  chip: { paint: 'stroke', d: 'M11 11h10v10H11zM14 7v4M18 7v4M14 21v4M18 21v4M7 14h4M7 18h4M21 14h4M21 18h4' },
  cursor: { paint: 'stroke', d: 'M10 7v16.5l4.5-4.5 3 6.5 2.8-1.3-3-6.3H24z' },
  atom: {
    paint: 'stroke',
    d: 'M16 6c2.5 0 3.5 4.5 3.5 10s-1 10-3.5 10-3.5-4.5-3.5-10S13.5 6 16 6zM6 16c0-2.5 4.5-3.5 10-3.5s10 1 10 3.5-4.5 3.5-10 3.5S6 18.5 6 16zM16 16v.01',
  },
  house: { paint: 'stroke', d: 'M7 15l9-8 9 8M10 13v12h12V13M14 25v-6h4v6' },
  asterisk: { paint: 'stroke', d: 'M16 7v18M8.2 11.5l15.6 9M8.2 20.5l15.6-9' },
  page: { paint: 'stroke', d: 'M10 6h9l5 5v15H10zM19 6v5h5M13 16h8M13 20h8' },
  moon: { paint: 'fill', d: 'M19 6a10 10 0 1 0 7 15.5A8.5 8.5 0 0 1 19 6z' },
  bars: { paint: 'fill', d: 'M7 20h5v6H7zM13.5 14h5v12h-5zM20 8h5v18h-5z' },
  sprout: { paint: 'stroke', d: 'M16 26V15M16 15c0-5-4-8-9-8 0 5 4 8 9 8zM16 19c0-4 3-7 8-7 0 4-3 7-8 7z' },
  quadrants: { paint: 'fill', d: 'M8 8h7v7H8zM17 8h7v7h-7zM8 17h7v7H8zM17 17h7v7h-7z' },
};
