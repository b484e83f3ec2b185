import type { ReactNode } from 'react';
import { type SceneProps, SceneSvg } from './parts';

/** A large matrix in glowing lines: shapes turn along the rows, the last cell waits for its answer. */
export default function MatrixScene({ identity }: SceneProps) {
  const cells: ReactNode[] = [];
  for (let r = 0; r < 3; r++) {
    for (let c = 0; c < 3; c++) {
      const x = 70 + c * 64;
      const y = 34 + r * 64;
      const last = r === 2 && c === 2;
      cells.push(
        <g key={`${r}${c}`}>
          <rect
            x={x}
            y={y}
            width="56"
            height="56"
            rx="8"
            className={last ? 'ih-missing' : 'ih-cell ih-cell--outline'}
          />
          {last ? null : (
            <path
              d={`M${x + 28} ${y + 12}l${12 - r * 3} ${30}h${-24 + r * 6}z`}
              transform={`rotate(${c * 60} ${x + 28} ${y + 28})`}
              className="ih-cta"
            />
          )}
        </g>,
      );
    }
  }
  return <SceneSvg identity={identity}>{cells}</SceneSvg>;
}
