import {
  DEFAULT_EXAM_ID,
  isLocale,
  type Locale,
  PERSONALITY_EXAM_ID,
  type TConsolePlanPrice,
  type TConsoleTierPrice,
  type TSku,
  type TSkuId,
} from '@mindgauge/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AppLink } from '../../components/app-link';
import { Field } from '../../components/field';
import { useErrorMessage } from '../../lib/use-error-message';
import { cataloguePreviewQuery, catalogueQuery, setOfferMinutes, setTierPrice } from './console-api';
import { PlanPriceForm } from './plan-price-form';
import { inputFromMinor, minorFromInput, shownPrice } from './price-input';

const EXAMS = [DEFAULT_EXAM_ID, PERSONALITY_EXAM_ID] as const;

/**
 * The catalogue (issue 21): the offer's length, each exam's tier prices per country, the plan prices, and a
 * preview of the price list a new visitor from the chosen country sees. A change applies to new orders only:
 * an order keeps the prices it was first shown (decision 0038).
 */
export function CataloguePanel() {
  const { t } = useTranslation('console');
  const errorMessage = useErrorMessage();
  const catalogue = useQuery(catalogueQuery());

  return (
    <section aria-labelledby="catalogue-title">
      <h2 id="catalogue-title">{t('catalogue.title')}</h2>
      <p className="console__note">{t('catalogue.lead')}</p>
      {catalogue.isError && <p role="alert">{errorMessage(catalogue.error)}</p>}
      {catalogue.data && (
        <>
          <OfferForm minutes={catalogue.data.offerMinutes} />
          <TierPrices tiers={catalogue.data.tiers} plans={catalogue.data.plans} />
        </>
      )}
      <p>
        {t('catalogue.promos')} <AppLink to="?tab=promos">{t('tabs.promos')}</AppLink>
      </p>
    </section>
  );
}

function OfferForm({ minutes }: { minutes: number }) {
  const { t } = useTranslation('console');
  const errorMessage = useErrorMessage();
  const queryClient = useQueryClient();
  const [text, setText] = useState(String(minutes));
  const [invalid, setInvalid] = useState(false);
  const save = useMutation({
    mutationFn: setOfferMinutes,
    onSettled: () => queryClient.invalidateQueries({ queryKey: catalogueQuery().queryKey }),
  });

  function submit(e: FormEvent) {
    e.preventDefault();
    const value = Number(text.trim());
    const ok = /^\d{1,5}$/.test(text.trim()) && value >= 1 && value <= 7 * 24 * 60;
    setInvalid(!ok);
    if (ok && !save.isPending) save.mutate(value);
  }

  return (
    <form className="card" onSubmit={submit} noValidate aria-labelledby="catalogue-offer-title">
      <h3 id="catalogue-offer-title">{t('catalogue.offerTitle')}</h3>
      <Field
        label={t('catalogue.offerMinutes')}
        name="offerMinutes"
        value={text}
        onChange={setText}
        inputMode="numeric"
        hint={t('catalogue.offerHint')}
        error={invalid ? t('catalogue.offerInvalid') : undefined}
        required
      />
      <button type="submit" className="button button--primary" disabled={save.isPending}>
        {t('catalogue.saveOffer')}
      </button>
      {save.isSuccess && <p role="status">{t('catalogue.offerSaved', { minutes: save.data.offerMinutes })}</p>}
      {save.isError && <p role="alert">{errorMessage(save.error)}</p>}
    </form>
  );
}

function TierPrices({ tiers, plans }: { tiers: TConsoleTierPrice[]; plans: TConsolePlanPrice[] }) {
  const { t, i18n } = useTranslation('console');
  const [examId, setExamId] = useState<number>(DEFAULT_EXAM_ID);
  const [country, setCountry] = useState('US');
  const hl: Locale = isLocale(i18n.language) ? i18n.language : 'en';
  const countries = [...new Set(tiers.filter((r) => r.examId === examId).map((r) => r.country))].sort();
  const rows = tiers.filter((r) => r.examId === examId && r.country === country);
  const preview = useQuery(cataloguePreviewQuery(examId, country, hl));
  const titleOf = (skuId: string) => preview.data?.afterOffer.find((s) => s.skuId === skuId)?.title ?? skuId;
  const planRows = plans.filter((p) => p.examId === examId && p.country === country);

  return (
    <>
      <div className="card console__search">
        <div className="field">
          <label htmlFor="catalogue-exam">{t('catalogue.exam')}</label>
          <select id="catalogue-exam" value={examId} onChange={(e) => setExamId(Number(e.target.value))}>
            {EXAMS.map((id) => (
              <option key={id} value={id}>
                {t(`catalogue.exams.${id}`)}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor="catalogue-country">{t('catalogue.country')}</label>
          <select id="catalogue-country" value={country} onChange={(e) => setCountry(e.target.value)}>
            {countries.map((c) => (
              <option key={c} value={c}>
                {c} · {tiers.find((r) => r.country === c)?.currency}
              </option>
            ))}
          </select>
        </div>
      </div>

      <h3 id="catalogue-prices-title">{t('catalogue.pricesTitle', { country })}</h3>
      <div className="console__table-wrap">
        <table className="console__table" aria-labelledby="catalogue-prices-title">
          <thead>
            <tr>
              <th scope="col">{t('catalogue.tier')}</th>
              <th scope="col">{t('catalogue.listPrice')}</th>
              <th scope="col">{t('catalogue.offerPrice')}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr key={r.skuId} data-sku={r.skuId}>
                <th scope="row">{titleOf(r.skuId)}</th>
                <td>{shownPrice(r.listMinor, r.currency)}</td>
                <td>{shownPrice(r.offerMinor, r.currency)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {rows.length > 0 && (
        <PriceForm key={`${examId}-${country}`} examId={examId} country={country} rows={rows} titleOf={titleOf} />
      )}

      <h3 id="catalogue-preview-title">{t('catalogue.previewTitle', { country })}</h3>
      {preview.isError && <p role="alert">{t('catalogue.previewFailed')}</p>}
      {preview.data && <Preview during={preview.data.duringOffer} after={preview.data.afterOffer} />}

      <h3 id="catalogue-plans-title">{t('catalogue.plansTitle', { country })}</h3>
      <p className="console__note">{t('catalogue.plansNote')}</p>
      {planRows.length === 0 ? (
        <p>{t('catalogue.noPlans')}</p>
      ) : (
        <div className="console__table-wrap">
          <table className="console__table" aria-labelledby="catalogue-plans-title">
            <thead>
              <tr>
                <th scope="col">{t('catalogue.plan')}</th>
                <th scope="col">{t('catalogue.perPeriod')}</th>
                <th scope="col">{t('catalogue.trial')}</th>
              </tr>
            </thead>
            <tbody>
              {planRows.map((p) => (
                <tr key={p.planId}>
                  <th scope="row">{p.planId}</th>
                  <td>{shownPrice(p.amountMinor, p.currency)}</td>
                  <td>
                    {p.trialAmountMinor === null ? t('catalogue.noTrial') : shownPrice(p.trialAmountMinor, p.currency)}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {planRows.length > 0 && <PlanPriceForm key={`plan-${examId}-${country}`} country={country} rows={planRows} />}
    </>
  );
}

function PriceForm({
  examId,
  country,
  rows,
  titleOf,
}: {
  examId: number;
  country: string;
  rows: TConsoleTierPrice[];
  titleOf: (skuId: string) => string;
}) {
  const { t } = useTranslation('console');
  const errorMessage = useErrorMessage();
  const queryClient = useQueryClient();
  const first = rows[0] as TConsoleTierPrice;
  const [skuId, setSkuId] = useState(first.skuId);
  const row = rows.find((r) => r.skuId === skuId) ?? first;
  const [list, setList] = useState(inputFromMinor(row.listMinor, row.currency));
  const [offer, setOffer] = useState(inputFromMinor(row.offerMinor, row.currency));
  const [errors, setErrors] = useState<{ list?: string; offer?: string }>({});
  const save = useMutation({
    mutationFn: setTierPrice,
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['console', 'catalogue'] }),
  });

  function choose(id: string) {
    const next = rows.find((r) => r.skuId === id) ?? first;
    setSkuId(next.skuId);
    setList(inputFromMinor(next.listMinor, next.currency));
    setOffer(inputFromMinor(next.offerMinor, next.currency));
    setErrors({});
    save.reset();
  }

  function submit(e: FormEvent) {
    e.preventDefault();
    const listMinor = minorFromInput(list, row.currency);
    const offerMinor = minorFromInput(offer, row.currency);
    const invalid = t('catalogue.amountInvalid', { currency: row.currency });
    const next = {
      ...(listMinor === null ? { list: invalid } : {}),
      ...(offerMinor === null ? { offer: invalid } : {}),
    };
    setErrors(next);
    if (listMinor === null || offerMinor === null || save.isPending) return;
    save.mutate({ examId, skuId: row.skuId as TSkuId, country, listMinor, offerMinor });
  }

  return (
    <form className="card" onSubmit={submit} noValidate aria-labelledby="catalogue-edit-title">
      <h3 id="catalogue-edit-title">{t('catalogue.editTitle', { country })}</h3>
      <div className="field">
        <label htmlFor="catalogue-tier">{t('catalogue.tier')}</label>
        <select id="catalogue-tier" value={skuId} onChange={(e) => choose(e.target.value)}>
          {rows.map((r) => (
            <option key={r.skuId} value={r.skuId}>
              {titleOf(r.skuId)}
            </option>
          ))}
        </select>
      </div>
      <Field
        label={t('catalogue.listPrice')}
        name="listPrice"
        value={list}
        onChange={setList}
        inputMode="decimal"
        hint={t('catalogue.amountHint', { currency: row.currency })}
        error={errors.list}
        required
      />
      <Field
        label={t('catalogue.offerPrice')}
        name="offerPrice"
        value={offer}
        onChange={setOffer}
        inputMode="decimal"
        hint={t('catalogue.offerPriceHint')}
        error={errors.offer}
        required
      />
      <p className="console__note">{t('catalogue.newOrdersOnly')}</p>
      <button type="submit" className="button button--primary" disabled={save.isPending}>
        {t('catalogue.savePrice')}
      </button>
      {save.isSuccess && (
        <p role="status">
          {t('catalogue.priceSaved', {
            tier: titleOf(save.data.skuId),
            country: save.data.country,
            list: shownPrice(save.data.listMinor, save.data.currency),
            offer: shownPrice(save.data.offerMinor, save.data.currency),
          })}
        </p>
      )}
      {save.isError && <p role="alert">{errorMessage(save.error)}</p>}
    </form>
  );
}

/** Each tier as the visitor's report choice prices it: during the offer (list price struck) and after. */
function Preview({ during, after }: { during: TSku[]; after: TSku[] }) {
  const { t } = useTranslation('console');
  return (
    <div className="console__table-wrap">
      <table className="console__table" aria-labelledby="catalogue-preview-title" data-testid="catalogue-preview">
        <thead>
          <tr>
            <th scope="col">{t('catalogue.tier')}</th>
            <th scope="col">{t('catalogue.duringOffer')}</th>
            <th scope="col">{t('catalogue.afterOffer')}</th>
          </tr>
        </thead>
        <tbody>
          {after.map((sku) => {
            const offer = during.find((s) => s.skuId === sku.skuId)?.price;
            return (
              <tr key={sku.skuId} data-sku={sku.skuId}>
                <th scope="row">{sku.title}</th>
                <td data-col="during">
                  {offer?.offer && (
                    <>
                      <s>
                        <span className="visually-hidden">{t('catalogue.listPrice')} </span>
                        {shownPrice(offer.listAmount, offer.currency)}
                      </s>{' '}
                    </>
                  )}
                  {offer ? shownPrice(offer.amount, offer.currency) : '—'}
                </td>
                <td data-col="after">{shownPrice(sku.price.amount, sku.price.currency)}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
