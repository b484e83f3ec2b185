import { MiniMatrix, type SceneProps, SceneSvg } from './parts';

/** The test centre: a clipboard with a puzzle, a timer and the bell curve of scores. */
export default function CentreScene({ identity }: SceneProps) {
  const old = identity.hero.mood === 'old';
  return (
    <SceneSvg identity={identity}>
      <rect x="40" y="30" width="150" height="200" rx="12" className="ih-white ih-s-strong" strokeWidth="2" />
      <rect x="82" y="20" width="66" height="22" rx="8" className="ih-strong" />
      <MiniMatrix x={62} y={64} cell={30} outline={old} />
      <path d="M62 200h106" className="ih-s-soft" strokeWidth="8" strokeLinecap="round" />
      <circle cx="246" cy="88" r="42" className="ih-white ih-s-strong" strokeWidth="4" />
      <path d="M246 88V62M246 88l18 10" className="ih-s-brand" strokeWidth="5" strokeLinecap="round" />
      <rect x="238" y="36" width="16" height="10" rx="3" className="ih-strong" />
      <path d="M204 214c16 0 22-60 42-60s26 60 42 60z" className="ih-accent" />
    </SceneSvg>
  );
}
