import { Figure, MiniMatrix, type SceneProps, SceneSvg } from './parts';

/** Someone thinking through a puzzle, shown in a thought bubble. */
export default function PersonScene({ identity }: SceneProps) {
  const { figure, skin, mood } = identity.hero;
  return (
    <SceneSvg identity={identity}>
      <Figure cx={104} top={86} figure={figure} skin={skin} />
      <g>
        <circle cx="176" cy="96" r="6" className="ih-white" />
        <circle cx="190" cy="78" r="9" className="ih-white" />
        <rect x="196" y="12" width="112" height="108" rx="24" className="ih-white" />
        <MiniMatrix x={214} y={28} cell={22} outline={mood === 'old'} />
      </g>
    </SceneSvg>
  );
}
