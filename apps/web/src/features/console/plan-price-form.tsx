import type { TConsolePlanPrice, TPlanId } from '@mindgauge/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Field } from '../../components/field';
import { useErrorMessage } from '../../lib/use-error-message';
import { setPlanPrice } from './console-api';
import { inputFromMinor, minorFromInput, shownPrice } from './price-input';

/**
 * Changes one plan's price for a country (issue 21). New orders only: an order keeps the plan prices it was
 * shown and a started subscription its price (decision 0038). Whether a plan has a trial is its terms, so
 * the trial price is asked only for a plan that has one.
 */
export function PlanPriceForm({ country, rows }: { country: string; rows: TConsolePlanPrice[] }) {
  const { t } = useTranslation('console');
  const errorMessage = useErrorMessage();
  const queryClient = useQueryClient();
  const first = rows[0] as TConsolePlanPrice;
  const [planId, setPlanId] = useState(first.planId);
  const row = rows.find((r) => r.planId === planId) ?? first;
  const [amount, setAmount] = useState(inputFromMinor(row.amountMinor, row.currency));
  const [trial, setTrial] = useState(
    row.trialAmountMinor === null ? '' : inputFromMinor(row.trialAmountMinor, row.currency),
  );
  const [errors, setErrors] = useState<{ amount?: string; trial?: string }>({});
  const save = useMutation({
    mutationFn: setPlanPrice,
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['console', 'catalogue'] }),
  });

  function choose(id: string) {
    const next = rows.find((r) => r.planId === id) ?? first;
    setPlanId(next.planId);
    setAmount(inputFromMinor(next.amountMinor, next.currency));
    setTrial(next.trialAmountMinor === null ? '' : inputFromMinor(next.trialAmountMinor, next.currency));
    setErrors({});
    save.reset();
  }

  function submit(e: FormEvent) {
    e.preventDefault();
    const hasTrial = row.trialAmountMinor !== null;
    const amountMinor = minorFromInput(amount, row.currency);
    const trialAmountMinor = hasTrial ? minorFromInput(trial, row.currency) : null;
    const invalid = t('catalogue.amountInvalid', { currency: row.currency });
    const next = {
      ...(amountMinor === null ? { amount: invalid } : {}),
      ...(hasTrial && trialAmountMinor === null ? { trial: invalid } : {}),
    };
    setErrors(next);
    if (amountMinor === null || (hasTrial && trialAmountMinor === null) || save.isPending) return;
    save.mutate({ examId: row.examId, planId: row.planId as TPlanId, country, amountMinor, trialAmountMinor });
  }

  return (
    <form className="card" onSubmit={submit} noValidate aria-labelledby="catalogue-plan-edit-title">
      <h3 id="catalogue-plan-edit-title">{t('catalogue.planEditTitle', { country })}</h3>
      <div className="field">
        <label htmlFor="catalogue-plan">{t('catalogue.plan')}</label>
        <select id="catalogue-plan" value={planId} onChange={(e) => choose(e.target.value)}>
          {rows.map((r) => (
            <option key={r.planId} value={r.planId}>
              {r.planId}
            </option>
          ))}
        </select>
      </div>
      <Field
        label={t('catalogue.planPrice')}
        name="planPrice"
        value={amount}
        onChange={setAmount}
        inputMode="decimal"
        hint={t('catalogue.planPriceHint', { currency: row.currency })}
        error={errors.amount}
        required
      />
      {row.trialAmountMinor !== null && (
        <Field
          label={t('catalogue.trialPrice')}
          name="trialPrice"
          value={trial}
          onChange={setTrial}
          inputMode="decimal"
          hint={t('catalogue.trialPriceHint')}
          error={errors.trial}
          required
        />
      )}
      <button type="submit" className="button button--primary" disabled={save.isPending}>
        {t('catalogue.savePlanPrice')}
      </button>
      {save.isSuccess && (
        <p role="status">
          {t('catalogue.planPriceSaved', {
            plan: save.data.planId,
            country: save.data.country,
            amount: shownPrice(save.data.amountMinor, save.data.currency),
          })}
        </p>
      )}
      {save.isError && <p role="alert">{errorMessage(save.error)}</p>}
    </form>
  );
}
