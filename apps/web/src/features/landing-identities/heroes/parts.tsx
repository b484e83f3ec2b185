import type { ReactNode } from 'react';
import type { LandingIdentity } from '../registry';

/**
 * Pieces the hero scenes share. Colours come from classes bound to the theme's custom properties
 * (identity.css), so one drawing takes each variant's palette.
 */
export interface SceneProps {
  identity: LandingIdentity;
}

/** The scene's frame: 320 × 260, decorative (the hero's text says everything the picture shows). */
export function SceneSvg({ identity, children }: SceneProps & { children: ReactNode }) {
  return (
    <svg
      viewBox="0 0 320 260"
      className={`identity-art identity-art--${identity.hero.mood}`}
      aria-hidden="true"
      focusable="false"
      data-scene={identity.hero.scene}
    >
      <Backdrop identity={identity} />
      {children}
    </svg>
  );
}

/** The mood's backdrop: a sun disc for the yellow family, confetti for the new family, a ruled card for classics. */
function Backdrop({ identity }: SceneProps) {
  switch (identity.hero.mood) {
    case 'yellow':
      return (
        <g>
          <circle cx="226" cy="92" r="84" className="ih-sun" />
          <circle cx="226" cy="92" r="62" className="ih-sun ih-sun--inner" />
        </g>
      );
    case 'new':
      return (
        <g className="ih-cta">
          <circle cx="34" cy="40" r="6" />
          <circle cx="292" cy="58" r="4" />
          <circle cx="270" cy="226" r="7" />
          <path d="M52 200l5 10 10 5-10 5-5 10-5-10-10-5 10-5z" />
          <path d="M286 120l3 6 6 3-6 3-3 6-3-6-6-3 6-3z" />
        </g>
      );
    case 'old':
      return (
        <g className="ih-s-strong" fill="none" strokeWidth="1.5">
          <rect x="12" y="12" width="296" height="236" rx="6" />
          <rect x="18" y="18" width="284" height="224" rx="4" strokeDasharray="3 5" />
        </g>
      );
    default:
      return <circle cx="250" cy="70" r="54" className="ih-soft" />;
  }
}

/** A 3 × 3 matrix puzzle with its last cell missing: the test's own kind of item. */
export function MiniMatrix({
  x,
  y,
  cell = 22,
  outline = false,
}: {
  x: number;
  y: number;
  cell?: number;
  outline?: boolean;
}) {
  const gap = cell * 0.18;
  const cells: ReactNode[] = [];
  for (let r = 0; r < 3; r++) {
    for (let c = 0; c < 3; c++) {
      const cx = x + c * (cell + gap);
      const cy = y + r * (cell + gap);
      const last = r === 2 && c === 2;
      cells.push(
        <g key={`${r}${c}`}>
          <rect
            x={cx}
            y={cy}
            width={cell}
            height={cell}
            rx={cell * 0.18}
            className={last ? 'ih-missing' : outline ? 'ih-cell ih-cell--outline' : 'ih-cell'}
          />
          {last ? (
            <text x={cx + cell / 2} y={cy + cell * 0.72} textAnchor="middle" className="ih-q" fontSize={cell * 0.7}>
              ?
            </text>
          ) : (
            // Shapes grow along the row and turn along the column: a rule a visitor could find.
            <circle
              cx={cx + cell / 2}
              cy={cy + cell / 2}
              r={cell * (0.12 + c * 0.08)}
              className={r === 1 ? 'ih-accent' : 'ih-brand'}
            />
          )}
        </g>,
      );
    }
  }
  return <g>{cells}</g>;
}

/**
 * A person from the shoulders up. `figure` picks the hair (long or short), `skin` the tone; the clothes take
 * the brand colour. Drawn around (cx, top).
 */
export function Figure({
  cx,
  top,
  figure = 'girl',
  skin = 2,
  scale = 1,
}: {
  cx: number;
  top: number;
  figure?: 'girl' | 'boy';
  skin?: 1 | 2 | 3 | 4;
  scale?: number;
}) {
  return (
    <g transform={`translate(${cx} ${top}) scale(${scale})`}>
      {figure === 'girl' ? (
        <path d="M-44 48c-6-40 14-62 44-62s50 22 44 62c-2 22-6 38-10 52h-68c-4-14-8-30-10-52z" className="ih-hair" />
      ) : null}
      <path d="M-70 170c0-44 30-66 70-66s70 22 70 66z" className="ih-brand" />
      <path d="M-22 108c6 14 38 14 44 0" className="ih-skin" />
      <rect x="-13" y="78" width="26" height="34" rx="10" className={`ih-skin ih-skin--${skin}`} />
      <ellipse cx="0" cy="50" rx="34" ry="40" className={`ih-skin ih-skin--${skin}`} />
      {figure === 'girl' ? (
        <path d="M-36 40c4-30 22-42 42-40 18 2 30 16 32 36-18-4-34-14-40-26-8 16-20 26-34 30z" className="ih-hair" />
      ) : (
        <path d="M-35 44c-4-34 14-52 38-52 22 0 38 16 34 48-6-14-16-22-30-24-14 8-30 14-42 28z" className="ih-hair" />
      )}
      <circle cx="-12" cy="52" r="3.5" className="ih-ink" />
      <circle cx="12" cy="52" r="3.5" className="ih-ink" />
      <path d="M-9 70c5 5 13 5 18 0" fill="none" className="ih-s-ink" strokeWidth="3" strokeLinecap="round" />
    </g>
  );
}
