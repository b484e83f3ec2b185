import { type SceneProps, SceneSvg } from './parts';

/** Three parts of rising difficulty: three steps, each with more puzzle cells than the last. */
export default function StepsScene({ identity }: SceneProps) {
  return (
    <SceneSvg identity={identity}>
      <rect x="30" y="170" width="80" height="70" rx="6" className="ih-soft ih-s-strong" strokeWidth="2" />
      <rect x="120" y="120" width="80" height="120" rx="6" className="ih-accent" />
      <rect x="210" y="60" width="80" height="180" rx="6" className="ih-brand" />
      <text x="70" y="218" textAnchor="middle" className="ih-num">
        1
      </text>
      <text x="160" y="192" textAnchor="middle" className="ih-num ih-num--light">
        2
      </text>
      <text x="250" y="160" textAnchor="middle" className="ih-num ih-num--light">
        3
      </text>
      <path d="M46 140h16v16H46zM66 140h16v16H66z" className="ih-strong" />
      <path d="M132 74h16v16h-16zM152 74h16v16h-16zM172 74h16v16h-16zM132 94h16v16h-16z" className="ih-strong" />
      <path
        d="M218 14h16v16h-16zM238 14h16v16h-16zM258 14h16v16h-16zM218 34h16v16h-16zM238 34h16v16h-16z"
        className="ih-strong"
      />
      <path d="M258 34h16v16h-16z" className="ih-missing" />
    </SceneSvg>
  );
}
