import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type LoaderFunctionArgs, useSearchParams } from 'react-router';
import { scopeFromParams } from '../../app/scope-from-params';
import { PageTitle } from '../../components/page-title';
import { formatDate } from '../../i18n/format-date';
import { useLocale } from '../../i18n/use-locale';
import { useErrorMessage } from '../../lib/use-error-message';
import { certificateQuery } from './api/get-certificate';

export function loader({ params }: LoaderFunctionArgs) {
  scopeFromParams(params);
  return null;
}

/** A certificate's verification: the facts it was issued with, for anyone holding its serial number. */
export function Component() {
  const { t } = useTranslation('report');
  const locale = useLocale();
  const errorMessage = useErrorMessage();
  const [search, setSearch] = useSearchParams();
  const serial = (search.get('serial') ?? '').trim().toUpperCase();
  const [typed, setTyped] = useState(serial);
  const fieldId = useId();
  const facts = useQuery({ ...certificateQuery(serial, locale), enabled: serial !== '', retry: false });
  const date = (iso: string) => formatDate(iso, locale);

  function check(e: FormEvent) {
    e.preventDefault();
    setSearch((prev) => {
      const next = new URLSearchParams(prev);
      next.set('serial', typed.trim().toUpperCase());
      return next;
    });
  }

  return (
    <div className="container page page--narrow certificate-check">
      <PageTitle title={t('certificate.title')} />
      <h1>{t('certificate.title')}</h1>
      <form className="card form" onSubmit={check} noValidate>
        <div className="field">
          <label htmlFor={fieldId}>{t('certificate.serialLabel')}</label>
          <input
            id={fieldId}
            value={typed}
            onChange={(e) => setTyped(e.target.value)}
            autoComplete="off"
            spellCheck={false}
          />
        </div>
        <button type="submit" className="button button--primary">
          {t('certificate.check')}
        </button>
      </form>
      <div role="status">
        {serial === '' ? <p className="meta">{t('certificate.missing')}</p> : null}
        {facts.isError ? <p className="notice notice--error">{errorMessage(facts.error)}</p> : null}
        {facts.data ? (
          <section className="card" aria-labelledby="certificate-valid">
            <h2 id="certificate-valid">{t('certificate.valid')}</h2>
            <dl className="order-summary__list">
              {(
                [
                  ['name', facts.data.name ?? t('certificate.anonymous')],
                  // Below the range the test measures: the bound in words, no number and no range.
                  [
                    'iq',
                    facts.data.iq === null
                      ? t('belowRange.headline', { bound: facts.data.bound })
                      : String(facts.data.iq),
                  ],
                  ...(facts.data.rangeLow === null
                    ? []
                    : ([
                        [
                          'range',
                          t('certificate.rangeValue', { low: facts.data.rangeLow, high: facts.data.rangeHigh }),
                        ],
                      ] as const)),
                  ['class', facts.data.className],
                  ['takenOn', date(facts.data.takenAt)],
                  ['issued', date(facts.data.issuedAt)],
                  ['serial', facts.data.serial],
                ] as const
              ).map(([k, v]) => (
                <div className="order-summary__row" key={k}>
                  <dt>{t(`certificate.${k}`)}</dt>
                  <dd data-testid={`certificate-${k}`}>{v}</dd>
                </div>
              ))}
            </dl>
          </section>
        ) : null}
      </div>
    </div>
  );
}
