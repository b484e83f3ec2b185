import { type FamilyId, familyOf, type TypeCode } from './type-catalogue';

/** Each family's colours: the strong one draws, the soft one fills the tile. */
const FAMILY_COLOURS: Record<FamilyId, { strong: string; soft: string }> = {
  nt: { strong: '#5b3cc4', soft: '#ece8fb' },
  nf: { strong: '#0f7b5c', soft: '#e1f3ec' },
  sj: { strong: '#1f5fa8', soft: '#e4edf9' },
  sp: { strong: '#b3530f', soft: '#fbede2' },
};

const CX = 32;
const RAY_ANGLES = [0, 45, 90, 135, 180, 225, 270, 315];

/**
 * A type's emblem, drawn from its four letters so that each of the sixteen is different and readable:
 * E radiates (rays) where I is enclosed (a ring); S is a square (the concrete) where N is a triangle pointing
 * up (the possible); T marks the centre with a straight bar where F marks it with a circle and softens the
 * corners; J sets three dots in a row where P lets them wander. Coloured by family.
 * With a label it is an image for screen readers; without one it is decoration beside a visible name.
 */
export function TypeEmblem({ code, label, size = 64 }: { code: TypeCode; label?: string; size?: number }) {
  const { strong, soft } = FAMILY_COLOURS[familyOf(code)];
  const [energy, perceiving, deciding, living] = code.split('');
  const cy = perceiving === 'S' ? 28.5 : 31;
  const feeling = deciding === 'F';
  const dots = living === 'J' ? [47, 47, 47] : [49.5, 45, 48];
  const drawing = (
    <>
      <rect x="1" y="1" width="62" height="62" rx="16" fill={soft} />
      {energy === 'E' ? (
        <g stroke={strong} strokeWidth="3" strokeLinecap="round">
          {RAY_ANGLES.map((deg) => {
            const r = (deg * Math.PI) / 180;
            return (
              <line
                key={deg}
                x1={CX + 23 * Math.cos(r)}
                y1={32 + 23 * Math.sin(r)}
                x2={CX + 28.5 * Math.cos(r)}
                y2={32 + 28.5 * Math.sin(r)}
              />
            );
          })}
        </g>
      ) : (
        <circle cx={CX} cy="32" r="26" fill="none" stroke={strong} strokeWidth="2.5" />
      )}
      {perceiving === 'S' ? (
        <rect x="22.5" y="19.5" width="19" height="19" rx={feeling ? 5 : 0} fill={strong} />
      ) : (
        <polygon
          points="32,16.5 43.5,38.5 20.5,38.5"
          fill={strong}
          stroke={strong}
          strokeWidth={feeling ? 4 : 0}
          strokeLinejoin="round"
        />
      )}
      {feeling ? (
        <circle cx={CX} cy={cy} r="3.5" fill="#fff" />
      ) : (
        <rect x={CX - 5} y={cy - 1.5} width="10" height="3" fill="#fff" />
      )}
      <g fill={strong}>
        {[25, 32, 39].map((x, i) => (
          <circle key={x} cx={x} cy={dots[i]} r="2.6" />
        ))}
      </g>
    </>
  );
  const common = { className: 'type-emblem', viewBox: '0 0 64 64', width: size, height: size, 'data-type': code };
  return label ? (
    <svg {...common} role="img" aria-label={label}>
      {drawing}
    </svg>
  ) : (
    <svg {...common} aria-hidden="true" focusable="false">
      {drawing}
    </svg>
  );
}
