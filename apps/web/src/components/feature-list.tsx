import type { TSku } from '@mindgauge/contract';
import { FeatureIcon } from './feature-icon';

/** A plan's or an extra's features: icon, name and what it is. */
export function FeatureList({ features }: { features: TSku['features'] }) {
  return (
    <ul className="plan-card__features">
      {features.map((f) => (
        <li key={f.logoId}>
          <FeatureIcon id={f.logoId} />
          <span>
            <span className="sku-card__feature-name">{f.name}</span>{' '}
            <span className="sku-card__feature-content">{f.content}</span>
          </span>
        </li>
      ))}
    </ul>
  );
}
