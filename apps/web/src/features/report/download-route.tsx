import { useQuery, useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type LoaderFunctionArgs, useSearchParams } from 'react-router';
import { presenterQuery } from '../../api/get-presenter-list';
import { orderFromSearch } from '../../app/order-from-search';
import { buildHref } from '../../app/paths';
import { scopeFromParams } from '../../app/scope-from-params';
import type { ScreenContext } from '../../app/screens';
import { useScope } from '../../app/use-scope';
import { AppLink } from '../../components/app-link';
import { CopyLink } from '../../components/copy-link';
import { PageTitle } from '../../components/page-title';
import { localeFromRequest, useLocale } from '../../i18n/use-locale';
import { downloadFile } from './api/download-file';
import { reportQuery } from './api/get-report';

export async function loader({ params, request }: LoaderFunctionArgs, { queryClient }: ScreenContext) {
  scopeFromParams(params);
  const search = new URL(request.url).searchParams;
  await queryClient.ensureQueryData(
    reportQuery(orderFromSearch(search), search.get('token'), localeFromRequest(request)),
  );
  return null;
}

type Status = 'idle' | 'busy' | 'done' | 'failed';

/** A download button with its status: in progress, done, or failed (told, and it can be tried again). */
function useDownload() {
  const [status, setStatus] = useState<Status>('idle');
  async function run(task: () => Promise<void>) {
    setStatus('busy');
    try {
      await task();
      setStatus('done');
    } catch {
      setStatus('failed');
    }
  }
  return { status, run };
}

function StatusLine({ status }: { status: Status }) {
  const { t } = useTranslation('report');
  return (
    <p className={status === 'failed' ? 'form__error' : 'meta'} role="status">
      {status === 'busy'
        ? t('download.inProgress')
        : status === 'done'
          ? t('download.done')
          : status === 'failed'
            ? t('download.failed')
            : ''}
    </p>
  );
}

/** The files area: the PDF report, the certificate (its name asked once), and the gift tests bought. */
export function Component() {
  const { t } = useTranslation(['report', 'lab']);
  const scope = useScope();
  const locale = useLocale();
  const queryClient = useQueryClient();
  const [search] = useSearchParams();
  const orderNumber = orderFromSearch(search);
  const token = search.get('token');
  const { data } = useSuspenseQuery(reportQuery(orderNumber, token, locale));
  const gifts = useQuery({ ...presenterQuery(orderNumber, token, locale), enabled: data.report !== null }).data?.gifts;
  const report = useDownload();
  const certificate = useDownload();
  const [name, setName] = useState('');
  const nameId = useId();
  const withToken = { order: orderNumber, ...(token ? { token } : {}) };
  const reportHref = buildHref('reportResult', { scope: scope.value }, withToken);
  const insider = buildHref('payinsider', { scope: scope.value }, withToken);

  if (!data.report) {
    return (
      <section className="status-screen container">
        <PageTitle title={t('download.title')} />
        <h1>{t('download.title')}</h1>
        <p>{data.refused === 'REPORT_ACCESS_DENIED' ? t('denied.lead') : t('locked.lead')}</p>
        <AppLink to={reportHref} className="button button--primary">
          {t('download.back')}
        </AppLink>
      </section>
    );
  }
  const has = (e: string) => data.report?.result.entitlements.includes(e) ?? false;
  const cert = data.report.certificate;

  function getCertificate(e: FormEvent) {
    e.preventDefault();
    void certificate.run(async () => {
      await downloadFile({ orderNumber, kind: 'certificate', name: name.trim() || undefined, token });
      // The name is kept now: the page shows it instead of asking again.
      await queryClient.invalidateQueries({ queryKey: ['report', orderNumber] });
    });
  }

  return (
    <div className="container page page--narrow report-files">
      <PageTitle title={t('download.title')} />
      <h1>{t('download.title')}</h1>
      <p className="lead">{t('download.lead')}</p>

      <section className="card" aria-labelledby="file-report">
        <h2 id="file-report">{t('download.reportTitle')}</h2>
        <p>{t('download.reportLead')}</p>
        {has('pdfReport') ? (
          <>
            <button
              type="button"
              className="button button--primary"
              onClick={() => report.run(() => downloadFile({ orderNumber, kind: 'report', token }))}
              disabled={report.status === 'busy'}
              aria-busy={report.status === 'busy'}
            >
              {t('download.reportButton')}
            </button>
            <StatusLine status={report.status} />
          </>
        ) : (
          <p className="notice">
            {t('download.notIncluded')} <AppLink to={insider}>{t('download.add')}</AppLink>
          </p>
        )}
      </section>

      <section className="card" aria-labelledby="file-certificate">
        <h2 id="file-certificate">{t('download.certificateTitle')}</h2>
        <p>{t('download.certificateLead')}</p>
        {has('certificate') ? (
          <form className="form" onSubmit={getCertificate} noValidate>
            {cert?.name ? (
              <p>{t('download.nameFixed', { name: cert.name })}</p>
            ) : (
              <div className="field">
                <label htmlFor={nameId}>{t('download.name')}</label>
                <input
                  id={nameId}
                  name="certificateName"
                  value={name}
                  maxLength={80}
                  autoComplete="name"
                  aria-describedby={`${nameId}-hint`}
                  onChange={(e) => setName(e.target.value)}
                />
                <p className="field__hint" id={`${nameId}-hint`}>
                  {t('download.nameHint')}
                </p>
              </div>
            )}
            <button
              type="submit"
              className="button button--primary"
              disabled={certificate.status === 'busy'}
              aria-busy={certificate.status === 'busy'}
            >
              {t('download.certificateButton')}
            </button>
            <StatusLine status={certificate.status} />
            {cert?.serial ? (
              <p className="meta">
                <AppLink to={buildHref('certificate', { scope: scope.value }, { serial: cert.serial })}>
                  {t('download.verify')}
                </AppLink>
              </p>
            ) : null}
          </form>
        ) : (
          <p className="notice">
            {t('download.notIncluded')} <AppLink to={insider}>{t('download.add')}</AppLink>
          </p>
        )}
      </section>

      <section className="card" aria-labelledby="file-lab">
        <h2 id="file-lab">{t('lab:filesTitle')}</h2>
        <p>{t('lab:filesLead')}</p>
        {has('brainTests') ? (
          <AppLink
            to={buildHref('reportFreeTest', { scope: scope.value }, withToken)}
            className="button button--secondary"
          >
            {t('lab:filesLink')}
          </AppLink>
        ) : (
          <p className="notice">
            {t('download.notIncluded')}{' '}
            <AppLink to={buildHref('payingPackage', { scope: scope.value }, { ...withToken, step: 'advancedBundle' })}>
              {t('download.add')}
            </AppLink>
          </p>
        )}
      </section>

      <section className="card" aria-labelledby="file-gifts">
        <h2 id="file-gifts">{t('download.giftTitle')}</h2>
        <p>{t('download.giftLead')}</p>
        {gifts && gifts.length > 0 ? (
          <ul className="gift-list">
            {gifts.map((g) => (
              <li key={g.code}>
                <p className="meta">{g.redeemed ? t('download.giftUsed') : t('download.giftUnused')}</p>
                <CopyLink url={g.url} label={t('download.giftTitle')} />
              </li>
            ))}
          </ul>
        ) : (
          <p>
            {t('download.giftNone')}{' '}
            <AppLink to={buildHref('payingPackage', { scope: scope.value }, { ...withToken, step: 'accessProduct' })}>
              {t('download.giftBuy')}
            </AppLink>
          </p>
        )}
      </section>
      <p>
        <AppLink to={reportHref}>{t('download.back')}</AppLink>
      </p>
    </div>
  );
}
