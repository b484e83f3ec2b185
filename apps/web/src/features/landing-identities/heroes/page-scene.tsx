import { MiniMatrix, type SceneProps, SceneSvg } from './parts';

/** A fresh page: a result card with its range drawn as a bar with a marked interval. */
export default function PageScene({ identity }: SceneProps) {
  const fresh = identity.hero.mood === 'new';
  return (
    <SceneSvg identity={identity}>
      <g transform={fresh ? 'translate(58 22) rotate(-5)' : 'translate(58 22)'}>
        <rect width="204" height="220" rx="14" className="ih-white ih-s-strong" strokeWidth="2" />
        <path d="M160 0h30l14 14v30h-30a14 14 0 0 1-14-14z" className="ih-soft" />
        <MiniMatrix x={24} y={26} cell={24} />
        <rect x="24" y="140" width="156" height="10" rx="5" className="ih-soft" />
        <rect x="76" y="136" width="60" height="18" rx="9" className="ih-accent" opacity=".85" />
        <rect x="102" y="130" width="6" height="30" rx="3" className="ih-strong" />
        <path d="M24 182h110M24 200h74" className="ih-s-soft" strokeWidth="8" strokeLinecap="round" />
      </g>
    </SceneSvg>
  );
}
