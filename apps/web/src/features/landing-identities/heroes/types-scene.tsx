import type { ReactNode } from 'react';
import { type SceneProps, SceneSvg } from './parts';

/** Sixteen tiles in four families (the personality landing's identity; its page is built elsewhere). */
export default function TypesScene({ identity }: SceneProps) {
  const tiles: ReactNode[] = [];
  const fills = ['ih-brand', 'ih-accent', 'ih-strong', 'ih-cta'];
  for (let i = 0; i < 16; i++) {
    const r = Math.floor(i / 4);
    const c = i % 4;
    tiles.push(
      <rect
        key={i}
        x={72 + c * 46}
        y={38 + r * 46}
        width="38"
        height="38"
        rx={c % 2 ? 19 : 8}
        className={fills[(r + c) % 4]}
      />,
    );
  }
  return <SceneSvg identity={identity}>{tiles}</SceneSvg>;
}
