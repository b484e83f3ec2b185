import { Figure, MiniMatrix, type SceneProps, SceneSvg } from './parts';

/** A student with headphones and a backpack strap, a puzzle card floating beside. */
export default function YoungScene({ identity }: SceneProps) {
  return (
    <SceneSvg identity={identity}>
      <Figure cx={112} top={78} figure="boy" skin={identity.hero.skin} />
      <path d="M70 130a42 46 0 0 1 84 0" fill="none" className="ih-s-strong" strokeWidth="7" />
      <rect x="62" y="120" width="16" height="28" rx="7" className="ih-accent" />
      <rect x="146" y="120" width="16" height="28" rx="7" className="ih-accent" />
      <path d="M66 196l22 64M158 196l-22 64" className="ih-s-accent" strokeWidth="12" strokeLinecap="round" />
      <g transform="translate(196 40) rotate(6)">
        <rect width="104" height="104" rx="18" className="ih-white" />
        <MiniMatrix x={14} y={14} cell={22} />
      </g>
    </SceneSvg>
  );
}
