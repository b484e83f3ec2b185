import { Figure, MiniMatrix, type SceneProps, SceneSvg } from './parts';

/** At home on the sofa with a phone showing a puzzle. */
export default function HomeScene({ identity }: SceneProps) {
  return (
    <SceneSvg identity={identity}>
      <rect x="200" y="26" width="84" height="70" rx="6" className="ih-white ih-s-strong" strokeWidth="3" />
      <path d="M242 26v70M200 61h84" className="ih-s-strong" strokeWidth="3" />
      <Figure cx={118} top={70} figure="girl" skin={identity.hero.skin} scale={0.9} />
      <rect x="20" y="196" width="280" height="46" rx="20" className="ih-accent" />
      <rect x="36" y="176" width="60" height="40" rx="14" className="ih-accent" />
      <g transform="translate(196 120) rotate(8)">
        <rect width="78" height="120" rx="12" className="ih-strong" />
        <rect x="6" y="12" width="66" height="96" rx="4" className="ih-white" />
        <MiniMatrix x={13} y={30} cell={15} />
      </g>
    </SceneSvg>
  );
}
