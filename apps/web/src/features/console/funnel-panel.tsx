import { FUNNEL_METRICS, type TFunnelMetric, type TFunnelRow } from '@mindgauge/contract';
import { useMutation, useQuery } from '@tanstack/react-query';
import { type FormEvent, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Field } from '../../components/field';
import { downloadFunnelCsv, funnelQuery } from './console-api';
import { ConsoleError, ConsoleTable } from './console-table';
import { FunnelChart } from './funnel-chart';

const DAY = 86_400_000;
const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);
/** The filter's value for records of visits that began elsewhere (variant ''); no variant is named so. */
const NO_LANDING = '-';
/** The charts: a visitor's way in, then the money. */
const CHARTS: TFunnelMetric[][] = [
  ['pageViews', 'testsStarted', 'testsFinished'],
  ['orders', 'payments', 'refunds', 'planStarts', 'trialConversions', 'cancellations'],
];

/** The funnel by day, landing variant and language: two charts, the table of every number, and a CSV file. */
export function FunnelPanel() {
  const { t } = useTranslation('console');
  const today = isoDay(Date.now());
  const [draft, setDraft] = useState({ from: isoDay(Date.now() - 13 * DAY), to: today, variant: '', hl: '' });
  const [range, setRange] = useState({ from: draft.from, to: draft.to });
  const funnel = useQuery(funnelQuery(range));
  const csv = useMutation({ mutationFn: () => downloadFunnelCsv(range) });

  const rows = useMemo(
    () =>
      (funnel.data?.rows ?? []).filter(
        (r) =>
          (!draft.variant || r.variant === (draft.variant === NO_LANDING ? '' : draft.variant)) &&
          (!draft.hl || r.hl === draft.hl),
      ),
    [funnel.data, draft.variant, draft.hl],
  );
  const days = useMemo(() => {
    const out: string[] = [];
    for (let d = Date.parse(`${range.from}T00:00:00Z`); d <= Date.parse(`${range.to}T00:00:00Z`); d += DAY)
      out.push(isoDay(d));
    return out;
  }, [range]);
  const perDay = (metric: TFunnelMetric) =>
    days.map((day) => rows.filter((r) => r.day === day).reduce((a, r) => a + r[metric], 0));
  const variants = [...new Set((funnel.data?.rows ?? []).map((r) => r.variant).filter(Boolean))].sort();
  const languages = [...new Set((funnel.data?.rows ?? []).map((r) => r.hl).filter(Boolean))].sort();

  function submit(e: FormEvent) {
    e.preventDefault();
    setRange({ from: draft.from, to: draft.to });
  }

  return (
    <section aria-labelledby="funnel-title">
      <h2 id="funnel-title">{t('funnel.title')}</h2>
      <p className="console__note">{t('funnel.lead')}</p>
      <form className="card console__search" onSubmit={submit}>
        <Field
          label={t('funnel.from')}
          name="funnel-from"
          type="date"
          value={draft.from}
          onChange={(from) => setDraft({ ...draft, from })}
        />
        <Field
          label={t('funnel.to')}
          name="funnel-to"
          type="date"
          value={draft.to}
          onChange={(to) => setDraft({ ...draft, to })}
          hint={t('funnel.rangeHint')}
        />
        <div className="field">
          <label htmlFor="funnel-variant">{t('funnel.variant')}</label>
          <select
            id="funnel-variant"
            value={draft.variant}
            onChange={(e) => setDraft({ ...draft, variant: e.target.value })}
          >
            <option value="">{t('funnel.all')}</option>
            <option value={NO_LANDING}>{t('funnel.noLanding')}</option>
            {variants.map((v) => (
              <option key={v} value={v}>
                {v}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor="funnel-hl">{t('funnel.language')}</label>
          <select id="funnel-hl" value={draft.hl} onChange={(e) => setDraft({ ...draft, hl: e.target.value })}>
            <option value="">{t('funnel.all')}</option>
            {languages.map((v) => (
              <option key={v} value={v}>
                {v}
              </option>
            ))}
          </select>
        </div>
        <div className="button-row">
          <button type="submit" className="button button--primary">
            {t('funnel.show')}
          </button>
          <button
            type="button"
            className="button button--secondary"
            disabled={csv.isPending}
            onClick={() => csv.mutate()}
          >
            {t('funnel.csv')}
          </button>
        </div>
        <ConsoleError error={csv.error} />
      </form>
      <ConsoleError error={funnel.error} />
      {funnel.data && (
        <>
          {CHARTS.map((metrics) => (
            <FunnelChart
              key={metrics.join()}
              days={days}
              label={t('funnel.chartLabel', { measures: metrics.map((m) => t(`funnel.metric.${m}`)).join(', ') })}
              series={metrics.map((m) => ({ name: t(`funnel.metric.${m}`), values: perDay(m) }))}
            />
          ))}
          <FunnelTable rows={rows} />
        </>
      )}
    </section>
  );
}

function FunnelTable({ rows }: { rows: TFunnelRow[] }) {
  const { t } = useTranslation('console');
  if (rows.length === 0) return <p role="status">{t('funnel.none')}</p>;
  return (
    <ConsoleTable
      caption={t('funnel.tableCaption')}
      columns={[
        t('funnel.day'),
        t('funnel.variant'),
        t('funnel.language'),
        ...FUNNEL_METRICS.map((m) => t(`funnel.metric.${m}`)),
      ]}
    >
      {rows.map((r) => (
        <tr key={`${r.day}|${r.variant}|${r.hl}`}>
          <th scope="row">{r.day}</th>
          <td>{r.variant || '—'}</td>
          <td>{r.hl || '—'}</td>
          {FUNNEL_METRICS.map((m) => (
            <td key={m}>{r[m]}</td>
          ))}
        </tr>
      ))}
    </ConsoleTable>
  );
}
