import { ZPromoCode } from '@mindgauge/contract';
import { type KeyboardEvent, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useErrorMessage } from '../../../lib/use-error-message';
import { useCheckPromo } from '../api/check-promo';

/**
 * The promo code field. It sits inside the scheme form, so it is a group rather than a nested form: Enter
 * in the field applies the code instead of continuing. The server's answer (PROMO_INVALID, PROMO_EXPIRED,
 * RATE_LIMITED) is shown under the field in the visitor's language and announced.
 */
export function PromoForm({
  orderNumber,
  applied,
  initialError,
  pending,
  onApplied,
  onRemove,
}: {
  orderNumber: string;
  applied: { code: string; percentOff: number } | null;
  initialError?: string | undefined;
  pending: boolean;
  onApplied: (code: string) => void;
  onRemove: () => void;
}) {
  const { t } = useTranslation(['checkout', 'errors']);
  const errorMessage = useErrorMessage();
  const id = useId();
  const [value, setValue] = useState('');
  const [error, setError] = useState(initialError);
  const promo = useCheckPromo();
  const busy = promo.isPending;
  // A code of the URL the server no longer accepts (it expired meanwhile).
  useEffect(() => {
    if (initialError) setError(initialError);
  }, [initialError]);

  function apply() {
    if (busy || pending) return;
    const code = value.trim();
    if (!code) {
      setError(t('scheme.promo.required'));
      return;
    }
    const parsed = ZPromoCode.safeParse(code);
    if (!parsed.success) {
      setError(t('errors:PROMO_INVALID'));
      return;
    }
    setError(undefined);
    promo.mutate(
      { orderNumber, code: parsed.data },
      {
        onSuccess: (res) => {
          setValue('');
          onApplied(res.code);
        },
        onError: (err) => setError(errorMessage(err)),
      },
    );
  }

  function onKeyDown(e: KeyboardEvent<HTMLInputElement>) {
    if (e.key !== 'Enter') return;
    e.preventDefault();
    apply();
  }

  const describedBy = error ? `${id}-error` : undefined;
  return (
    <div className="promo-form">
      <div className="field">
        <label htmlFor={id}>{t('scheme.promo.label')}</label>
        <div className="promo-form__row" data-invalid={error ? true : undefined}>
          <input
            id={id}
            name="promo"
            type="text"
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            maxLength={32}
            value={value}
            onChange={(e) => setValue(e.target.value)}
            onKeyDown={onKeyDown}
            aria-invalid={error ? true : undefined}
            aria-describedby={describedBy}
          />
          <button
            type="button"
            className="button button--secondary promo-form__apply"
            onClick={() => void apply()}
            disabled={busy || pending}
            aria-busy={busy}
          >
            {t('scheme.promo.apply')}
          </button>
        </div>
      </div>
      <p id={`${id}-error`} className="field__error promo-form__error" role="alert">
        {error ?? ''}
      </p>
      <div className="promo-form__applied">
        <p role="status" className="promo-form__status">
          {applied ? t('scheme.promo.applied', { code: applied.code, percent: applied.percentOff }) : ''}
        </p>
        {applied ? (
          <button
            type="button"
            className="button button--ghost promo-form__remove"
            onClick={onRemove}
            disabled={pending}
          >
            {t('scheme.promo.remove')}
          </button>
        ) : null}
      </div>
    </div>
  );
}
