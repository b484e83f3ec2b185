import type { TConsoleReview } from '@mindgauge/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Field } from '../../components/field';
import { useErrorMessage } from '../../lib/use-error-message';
import { approveReview, rejectReview, removeDemoReviews, replyToReview, reviewsQuery } from './console-api';
import { ConsoleError } from './console-table';
import { when } from './format';

/** The moderation queue of buyer reviews: approve (it shows on the report choice), reject, reply; demo ones go. */
export function ReviewsPanel() {
  const { t } = useTranslation('console');
  const queryClient = useQueryClient();
  const reviews = useQuery(reviewsQuery());
  const demo = useMutation({
    mutationFn: removeDemoReviews,
    onSettled: () => queryClient.invalidateQueries({ queryKey: reviewsQuery().queryKey }),
  });
  return (
    <section aria-labelledby="reviews-title">
      <h2 id="reviews-title">{t('reviews.title')}</h2>
      <p className="console__note">{t('reviews.lead')}</p>
      <ConsoleError error={reviews.error} />
      {reviews.data && reviews.data.reviews.length === 0 && <p role="status">{t('reviews.none')}</p>}
      {reviews.data?.reviews.map((r) => (
        <Review key={r.id} review={r} />
      ))}
      <div className="card">
        <h3>{t('reviews.demoTitle')}</h3>
        <p>{t('reviews.demoLead')}</p>
        <button
          type="button"
          className="button button--secondary"
          disabled={demo.isPending}
          onClick={() => demo.mutate()}
        >
          {t('reviews.removeDemo')}
        </button>
        {demo.isSuccess && <p role="status">{t('reviews.demoRemoved', { n: demo.data.hidden })}</p>}
        <ConsoleError error={demo.error} />
      </div>
    </section>
  );
}

function Review({ review }: { review: TConsoleReview }) {
  const { t, i18n } = useTranslation('console');
  const errorMessage = useErrorMessage();
  const queryClient = useQueryClient();
  const [reply, setReply] = useState(review.reply ?? '');
  const refresh = () => queryClient.invalidateQueries({ queryKey: reviewsQuery().queryKey });
  const approve = useMutation({ mutationFn: () => approveReview(review.id), onSettled: refresh });
  const reject = useMutation({ mutationFn: () => rejectReview(review.id), onSettled: refresh });
  const answer = useMutation({ mutationFn: () => replyToReview(review.id, reply.trim()) });
  const busy = approve.isPending || reject.isPending;
  const failed = approve.error ?? reject.error;

  function submit(e: FormEvent) {
    e.preventDefault();
    if (!answer.isPending) answer.mutate();
  }

  return (
    <article className="card console__ticket" aria-labelledby={`review-${review.id}`}>
      <h3 id={`review-${review.id}`}>
        {t('reviews.heading', { rating: review.rating, name: review.name || t('reviews.anonymous') })}
      </h3>
      <p>
        {when(review.createdAt, i18n.language)} · {t('reviews.language', { language: review.locale })}
        {review.country && ` · ${review.country}`}
        {review.orderNumber && ` · ${review.orderNumber}`}
        {review.demo && ` · ${t('reviews.demo')}`}
      </p>
      <blockquote className="console__quote">{review.content}</blockquote>
      <form onSubmit={submit} noValidate>
        <Field
          label={t('reviews.reply')}
          name={`review-reply-${review.id}`}
          value={reply}
          onChange={setReply}
          multiline
          maxLength={2000}
          hint={t('reviews.replyHint')}
          error={answer.isError ? errorMessage(answer.error) : undefined}
        />
        <div className="button-row">
          <button type="submit" className="button button--secondary" disabled={answer.isPending}>
            {t('reviews.saveReply')}
          </button>
          <button type="button" className="button button--primary" disabled={busy} onClick={() => approve.mutate()}>
            {t('reviews.approve')}
          </button>
          <button type="button" className="button button--secondary" disabled={busy} onClick={() => reject.mutate()}>
            {t('reviews.reject')}
          </button>
        </div>
        {answer.isSuccess && <p role="status">{t('reviews.replySaved')}</p>}
        <ConsoleError error={failed} />
      </form>
    </article>
  );
}
