import { Figure, type SceneProps, SceneSvg } from './parts';

/** The makers' note: a person beside an open notebook whose page holds a puzzle sketch. */
export default function FounderScene({ identity }: SceneProps) {
  return (
    <SceneSvg identity={identity}>
      <Figure cx={92} top={76} figure="boy" skin={identity.hero.skin} scale={0.95} />
      <g transform="translate(168 96) rotate(-4)">
        <rect width="128" height="150" rx="8" className="ih-white ih-s-strong" strokeWidth="2" />
        <path d="M18 30h92M18 48h92M18 66h60" className="ih-s-soft" strokeWidth="6" strokeLinecap="round" />
        <path d="M24 96h24v24H24zM56 96h24v24H56z" className="ih-soft" />
        <path d="M88 96h24v24H88z" className="ih-missing" />
        <path d="M96 30l20-26 8 6-20 26-10 4z" className="ih-accent" />
      </g>
    </SceneSvg>
  );
}
