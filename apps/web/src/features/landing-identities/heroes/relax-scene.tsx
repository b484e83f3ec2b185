import { Figure, type SceneProps, SceneSvg } from './parts';

/** A calm evening: a moon, soft hills and someone at ease with a cup. */
export default function RelaxScene({ identity }: SceneProps) {
  return (
    <SceneSvg identity={identity}>
      <defs>
        <clipPath id="relax-window">
          <rect x="16" y="8" width="288" height="244" rx="40" />
        </clipPath>
      </defs>
      <path d="M262 30a34 34 0 1 0 24 52 28 28 0 0 1-24-52z" className="ih-white" />
      {/* The hills end in the rounded window's curve rather than in hard edges. */}
      <g clipPath="url(#relax-window)">
        <path d="M0 200c60-40 120-40 170-12s100 20 150-10v82H0z" className="ih-accent" opacity=".55" />
        <path d="M0 224c70-26 140-24 200-4s90 10 120 0v40H0z" className="ih-brand" opacity=".7" />
      </g>
      <Figure cx={130} top={66} figure="girl" skin={identity.hero.skin} scale={0.85} />
      <g transform="translate(176 176)">
        <rect width="34" height="30" rx="6" className="ih-white" />
        <path d="M34 8c10 0 10 14 0 14" fill="none" className="ih-s-strong" strokeWidth="4" />
        <path
          d="M10-6c-4-8 4-10 0-18M22-6c-4-8 4-10 0-18"
          fill="none"
          className="ih-s-strong"
          strokeWidth="3"
          strokeLinecap="round"
        />
      </g>
    </SceneSvg>
  );
}
