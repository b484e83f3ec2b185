import type { Locale, TReview } from '@mindgauge/contract';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../../i18n/format-date';
import { numberFormat, regionName } from '../../../lib/intl-cache';

/** How much of the five stars a rating fills, in percent: 4.5 fills four and a half stars (90%). */
export function starFill(rating: number): number {
  return Math.round((Math.max(0, Math.min(5, rating)) / 5) * 1000) / 10;
}

/** Five grey stars with the rating's share of them drawn over in colour (a real average shows as it is). */
export function Stars({ rating }: { rating: number }) {
  return (
    <span className="stars" aria-hidden="true">
      <span className="stars__off">{'★★★★★'}</span>
      <span className="stars__on" style={{ width: `${starFill(rating)}%` }}>
        {'★★★★★'}
      </span>
    </span>
  );
}

/** Buyer reviews; seeded demo reviews are labelled as demo content. Nothing is shown without reviews. */
export function ReviewsSection({
  locale,
  reviews,
  count,
  averageRating,
}: {
  locale: Locale;
  reviews: TReview[];
  count: number;
  averageRating: number | null;
}) {
  const { t } = useTranslation('checkout');
  if (reviews.length === 0) return null;
  const number = numberFormat(locale, { maximumFractionDigits: 1 });
  return (
    <section className="reviews" aria-labelledby="reviews-title">
      <h2 id="reviews-title">{t('reviews.title')}</h2>
      {averageRating !== null ? (
        <p className="reviews__summary">
          <Stars rating={averageRating} />
          <span className="reviews__average">{t('reviews.average', { rating: number.format(averageRating) })}</span>
          <span className="reviews__count">{t('reviews.count', { count })}</span>
        </p>
      ) : null}
      {reviews.some((r) => r.demo) ? <p className="meta">{t('reviews.demoNote')}</p> : null}
      <ul className="reviews__list">
        {reviews.map((r) => (
          <li key={r.id} className="review-card">
            <p className="review-card__head">
              <span className="review-card__name">{r.name}</span>
              {r.country ? <span className="review-card__country">{regionName(locale, r.country)}</span> : null}
            </p>
            <p className="review-card__rating">
              <Stars rating={r.rating} />
              <span className="visually-hidden">{t('reviews.rated', { rating: r.rating })}</span>
            </p>
            {r.verifiedBuyer || r.demo ? (
              <p className="review-card__badges">
                {r.verifiedBuyer ? (
                  <span className="review-card__badge review-card__badge--verified">{t('reviews.verified')}</span>
                ) : null}
                {r.demo ? (
                  <span className="review-card__badge review-card__badge--demo">{t('reviews.demo')}</span>
                ) : null}
              </p>
            ) : null}
            <p className="review-card__content">{r.content}</p>
            {r.reply ? (
              <p className="review-card__reply">
                <strong>{t('reviews.reply')}</strong> {r.reply}
              </p>
            ) : null}
            <p className="meta review-card__date">
              <time dateTime={r.createdAt}>{formatDate(r.createdAt, locale)}</time>
            </p>
          </li>
        ))}
      </ul>
    </section>
  );
}
