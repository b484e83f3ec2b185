import { formatMoney, type TSku } from '@mindgauge/contract';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { FeatureIcon } from '../../../components/feature-icon';
import { isDiscounted } from '../price-lines';

/**
 * One report tier as a radio card. The whole card is the radio's label (phrasing content only, so the card
 * is valid inside a label); the radio is named by the title, badge and price, and described by the subtitle
 * and the feature list.
 */
export function SkuCard({
  sku,
  includes,
  checked,
  onSelect,
}: {
  sku: TSku;
  /** The lower tier whose features this one all has: listed as "Everything in …, plus", then the new ones. */
  includes?: TSku | undefined;
  checked: boolean;
  onSelect: (skuId: TSku['skuId']) => void;
}) {
  const { t } = useTranslation('checkout');
  const id = useId();
  const { price } = sku;
  const inherited = new Set(includes?.features.map((f) => f.logoId));
  const features = includes ? sku.features.filter((f) => !inherited.has(f.logoId)) : sku.features;
  const labelledBy = [`${id}-title`, sku.recommended ? `${id}-badge` : '', `${id}-price`].filter(Boolean).join(' ');
  return (
    <label
      className="sku-card"
      data-sku={sku.skuId}
      data-selected={checked || undefined}
      data-recommended={sku.recommended || undefined}
    >
      <span className="sku-card__head">
        <input
          type="radio"
          name="sku"
          value={sku.skuId}
          checked={checked}
          onChange={() => onSelect(sku.skuId)}
          className="sku-card__radio"
          aria-labelledby={labelledBy}
          aria-describedby={`${id}-subtitle ${id}-features`}
        />
        <span className="sku-card__title" id={`${id}-title`}>
          {sku.title}
        </span>
        {sku.recommended ? (
          <span className="sku-card__badge" id={`${id}-badge`}>
            {t('scheme.recommended')}
          </span>
        ) : null}
      </span>
      <span className="sku-card__subtitle" id={`${id}-subtitle`}>
        {sku.subtitle}
      </span>
      <span className="sku-card__price" id={`${id}-price`}>
        {isDiscounted(price) ? (
          <s className="sku-card__list-price">
            <span className="visually-hidden">{t('scheme.regularPrice')} </span>
            {formatMoney(price.listAmount, price.currency)}
          </s>
        ) : null}{' '}
        <span className="sku-card__amount">
          <span className="visually-hidden">{t('scheme.price')} </span>
          {formatMoney(price.amount, price.currency)}
        </span>
      </span>
      <span className="sku-card__features" id={`${id}-features`}>
        {includes ? (
          <span className="sku-card__includes">{t('scheme.includes', { title: includes.title })}</span>
        ) : null}
        {/* biome-ignore lint/a11y/useSemanticElements: a <ul> may not sit inside the card's <label>. */}
        <span className="sku-card__feature-list" role="list">
          {features.map((f) => (
            // biome-ignore lint/a11y/useSemanticElements: an <li> may not sit inside the card's <label>.
            <span className="sku-card__feature" role="listitem" key={f.logoId}>
              <FeatureIcon id={f.logoId} />
              <span>
                <span className="sku-card__feature-name">{f.name}</span>{' '}
                <span className="sku-card__feature-content">{f.content}</span>
              </span>
            </span>
          ))}
        </span>
      </span>
    </label>
  );
}
