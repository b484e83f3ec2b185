import { MiniMatrix, type SceneProps, SceneSvg } from './parts';

/** A free start: a gift box opening on a puzzle. */
export default function GiftScene({ identity }: SceneProps) {
  return (
    <SceneSvg identity={identity}>
      <g transform="translate(70 120)">
        <rect x="0" y="24" width="180" height="110" rx="10" className="ih-brand" />
        <rect x="78" y="24" width="24" height="110" className="ih-accent" />
        <g transform="rotate(-14 0 24)">
          <rect x="-8" y="-6" width="196" height="32" rx="8" className="ih-strong" />
          <rect x="78" y="-6" width="24" height="32" className="ih-accent" />
        </g>
      </g>
      <MiniMatrix x={72} y={14} cell={22} />
      <path d="M262 30l6 12 12 6-12 6-6 12-6-12-12-6 12-6z" className="ih-cta" />
    </SceneSvg>
  );
}
