import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CopyLink } from '../../../components/copy-link';
import { useLocale } from '../../../i18n/use-locale';
import { useErrorMessage } from '../../../lib/use-error-message';
import { createShare } from '../api/create-share';
import { shareListQuery } from '../api/get-share-list';
import { revokeShare } from '../api/revoke-share';

/** Where a link can be shared: networks with a web share address, and those where it is pasted. */
const INTENTS: { site: string; href?: (url: string, text: string, image: string) => string }[] = [
  {
    site: 'Twitter',
    href: (u, t) => `https://twitter.com/intent/tweet?url=${encodeURIComponent(u)}&text=${encodeURIComponent(t)}`,
  },
  { site: 'LinkedIn', href: (u) => `https://www.linkedin.com/sharing/share-offsite/?url=${encodeURIComponent(u)}` },
  { site: 'Facebook', href: (u) => `https://www.facebook.com/sharer/sharer.php?u=${encodeURIComponent(u)}` },
  {
    site: 'Pinterest',
    href: (u, t, i) =>
      `https://pinterest.com/pin/create/button/?url=${encodeURIComponent(u)}&media=${encodeURIComponent(i)}&description=${encodeURIComponent(t)}`,
  },
  { site: 'Instagram' },
  { site: 'Medium' },
];

/**
 * The words that differ per test: what a link shows and what the box adds (the IQ score, or a personality
 * type's axis leans). The rest of the section is the same for both.
 */
function useShareWords(kind: 'iq' | 'personality') {
  const { t } = useTranslation(['report', 'personality-share']);
  return kind === 'personality'
    ? {
        title: t('personality-share:owner.title'),
        lead: t('personality-share:owner.lead'),
        showScore: t('personality-share:owner.showLeans'),
        withScore: t('personality-share:owner.withLeans'),
        withoutScore: t('personality-share:owner.withoutLeans'),
        text: t('personality-share:owner.text'),
      }
    : {
        title: t('report:share.title'),
        lead: t('report:share.lead'),
        showScore: t('report:share.showScore'),
        withScore: t('report:share.withScore'),
        withoutScore: t('report:share.withoutScore'),
        text: t('report:share.text'),
      };
}

/**
 * Sharing a result: the owner is told what a link shows (the class or the type; the score or the axis leans
 * only if they tick it), makes links, copies or posts them, and stops any of them.
 */
export function ShareSection({
  orderNumber,
  token,
  kind = 'iq',
}: {
  orderNumber: string;
  token: string | null;
  kind?: 'iq' | 'personality';
}) {
  const { t } = useTranslation('report');
  const words = useShareWords(kind);
  const locale = useLocale();
  const queryClient = useQueryClient();
  const errorMessage = useErrorMessage();
  const links = useQuery(shareListQuery(orderNumber, token)).data?.links ?? [];
  const [showScore, setShowScore] = useState(false);
  const [error, setError] = useState<string>();
  const scoreId = useId();
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['report', 'shares', orderNumber] });
  // Busy until the list shows the new link (the mutation waits for the refresh it returns).
  const create = useMutation({
    mutationFn: () => createShare(orderNumber, token, showScore, locale),
    onSuccess: refresh,
    onError: (err) => setError(errorMessage(err)),
  });
  const busy = create.isPending;

  function submit(e: FormEvent) {
    e.preventDefault();
    setError(undefined);
    create.mutate();
  }

  return (
    <section className="card share-section" aria-labelledby="share-title">
      <h2 id="share-title">{words.title}</h2>
      <p className="meta">{words.lead}</p>
      <form className="share-form" onSubmit={submit}>
        <div className="checkbox">
          <input id={scoreId} type="checkbox" checked={showScore} onChange={(e) => setShowScore(e.target.checked)} />
          <label htmlFor={scoreId}>{words.showScore}</label>
        </div>
        <p className="form__error" role="alert" hidden={!error}>
          {error ?? ''}
        </p>
        <button type="submit" className="button button--secondary" disabled={busy} aria-busy={busy}>
          {busy ? t('share.creating') : t('share.create')}
        </button>
      </form>
      {links.length > 0 ? (
        <>
          <h3>{t('share.yourLinks')}</h3>
          <ul className="share-links">
            {links.map((l) => (
              <li key={l.shareId} className="share-link" data-share={l.shareId}>
                <p className="meta">{l.showScore ? words.withScore : words.withoutScore}</p>
                <CopyLink url={l.url} label={words.title} />
                <ul className="share-intents">
                  {INTENTS.map((i) => (
                    <li key={i.site}>
                      {i.href ? (
                        <a href={i.href(l.url, words.text, l.imageUrl)} target="_blank" rel="noopener noreferrer">
                          {t('share.on', { site: i.site })}
                        </a>
                      ) : (
                        <span className="meta">{t('share.noIntent', { site: i.site })}</span>
                      )}
                    </li>
                  ))}
                </ul>
                <button
                  type="button"
                  className="button button--ghost"
                  onClick={async () => {
                    await revokeShare(orderNumber, token, l.shareId).catch((err) => setError(errorMessage(err)));
                    await refresh();
                  }}
                >
                  {t('share.revoke')}
                </button>
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </section>
  );
}
