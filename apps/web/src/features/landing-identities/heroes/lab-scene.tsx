import { MiniMatrix, type SceneProps, SceneSvg } from './parts';

/** The genius lab: flasks on a bench, one bubbling up into a puzzle. */
export default function LabScene({ identity }: SceneProps) {
  const old = identity.hero.mood === 'old';
  return (
    <SceneSvg identity={identity}>
      <rect x="24" y="212" width="272" height="12" rx="6" className="ih-strong" />
      <g className={old ? 'ih-white ih-s-strong' : 'ih-white'} strokeWidth="3">
        <path d="M70 96h40M78 96v44l-34 62a6 6 0 0 0 5 9h82a6 6 0 0 0 5-9l-34-62V96z" />
        <path d="M188 130h30M194 130v38l-22 34a6 6 0 0 0 5 9h56a6 6 0 0 0 5-9l-22-34v-38z" />
      </g>
      <path d="M56 176h68l17 30a4 4 0 0 1-3 5H42a4 4 0 0 1-3-5z" className={old ? 'ih-soft' : 'ih-cta'} />
      <path d="M182 186h52l10 16a4 4 0 0 1-3 6h-66a4 4 0 0 1-3-6z" className="ih-accent" />
      <circle cx="96" cy="74" r="8" className="ih-cta" />
      <circle cx="112" cy="52" r="5" className="ih-cta" />
      <MiniMatrix x={184} y={26} cell={26} outline={old} />
    </SceneSvg>
  );
}
