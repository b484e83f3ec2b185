import { REVIEW_RULES } from '@mindgauge/contract';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Field } from '../../components/field';
import { useLocale } from '../../i18n/use-locale';
import { useErrorMessage } from '../../lib/use-error-message';
import { submitReview } from './api/submit-review';

/**
 * After the report: the buyer rates it and writes a few words in their language. It is held for moderation
 * and shown later with the verified-buyer badge; the text is always shown as text.
 */
export function ReviewForm({ orderNumber, token }: { orderNumber: string; token: string | null }) {
  const { t } = useTranslation('growth');
  const locale = useLocale();
  const errorMessage = useErrorMessage();
  const [rating, setRating] = useState(0);
  const [content, setContent] = useState('');
  const [errors, setErrors] = useState<{ rating?: string; content?: string; form?: string }>({});
  const [busy, setBusy] = useState(false);
  const [sent, setSent] = useState(false);
  const groupId = useId();

  async function submit(e: FormEvent) {
    e.preventDefault();
    const found: typeof errors = {};
    if (rating < 1) found.rating = t('review.ratingRequired');
    if ([...content.trim()].length < REVIEW_RULES.contentMin) {
      found.content = t('review.contentTooShort', { min: REVIEW_RULES.contentMin });
    }
    setErrors(found);
    if (found.rating || found.content) return;
    setBusy(true);
    try {
      await submitReview({ orderNumber, rating, content: content.trim(), hl: locale, ...(token ? { token } : {}) });
      setSent(true);
    } catch (err) {
      setErrors({ form: errorMessage(err) });
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="card review-form" aria-labelledby={`${groupId}-title`}>
      <h2 id={`${groupId}-title`}>{t('review.title')}</h2>
      {sent ? (
        <p role="status">{t('review.sent')}</p>
      ) : (
        <form className="form" noValidate onSubmit={submit}>
          <p className="meta">{t('review.lead')}</p>
          <fieldset
            className="review-form__rating"
            aria-describedby={errors.rating ? `${groupId}-rating-error` : undefined}
          >
            <legend>{t('review.rating')}</legend>
            {[1, 2, 3, 4, 5].map((n) => (
              <label key={n} className="review-form__star">
                <input type="radio" name="rating" value={n} checked={rating === n} onChange={() => setRating(n)} />
                <span>{t('review.stars', { count: n })}</span>
              </label>
            ))}
            {errors.rating ? (
              <p id={`${groupId}-rating-error`} className="field__error">
                {errors.rating}
              </p>
            ) : null}
          </fieldset>
          <Field
            label={t('review.content')}
            name="content"
            value={content}
            onChange={setContent}
            error={errors.content}
            hint={t('review.contentHint', { min: REVIEW_RULES.contentMin, max: REVIEW_RULES.contentMax })}
            maxLength={REVIEW_RULES.contentMax}
            multiline
            required
          />
          {errors.form ? (
            <p className="form__error" role="alert">
              {errors.form}
            </p>
          ) : null}
          <button type="submit" className="button button--primary" disabled={busy} aria-busy={busy}>
            {t('review.submit')}
          </button>
        </form>
      )}
    </section>
  );
}
