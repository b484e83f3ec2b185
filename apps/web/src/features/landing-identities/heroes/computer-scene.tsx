import { MiniMatrix, type SceneProps, SceneSvg } from './parts';

/** A program drawing a fresh puzzle: a screen with a matrix, code lines and a cursor. */
export default function ComputerScene({ identity }: SceneProps) {
  return (
    <SceneSvg identity={identity}>
      <rect x="40" y="34" width="240" height="158" rx="12" className="ih-strong" />
      <rect x="52" y="46" width="216" height="134" rx="6" className="ih-white" />
      <MiniMatrix x={66} y={62} cell={28} />
      <path
        d="M188 70h62M188 90h44M188 110h56M188 130h30"
        className="ih-s-brand"
        strokeWidth="7"
        strokeLinecap="round"
      />
      <path d="M188 150h62" className="ih-s-accent" strokeWidth="7" strokeLinecap="round" />
      <path d="M128 192h64l10 30H118z" className="ih-strong" />
      <rect x="96" y="220" width="128" height="10" rx="5" className="ih-brand" />
    </SceneSvg>
  );
}
