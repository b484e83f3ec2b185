import type { TPaymentMethod } from '@mindgauge/contract';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';

function MethodIcon({ method }: { method: TPaymentMethod }) {
  return (
    <svg className="icon payment-method__icon" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      {method === 'card' ? (
        <path d="M3 6h18v12H3zM3 10h18M7 15h4" />
      ) : (
        <path d="M8 20l2-14h5a4 4 0 0 1 0 8h-4l-1 6H8Zm3-6h3" />
      )}
    </svg>
  );
}

/**
 * Card or PayPal, as a native radio group. Nothing is chosen for the visitor unless the link says so
 * (`?method=`, e.g. "Pay with another method").
 */
export function PaymentMethods({
  methods,
  value,
  onChange,
  error,
  firstInputId,
}: {
  methods: TPaymentMethod[];
  value: TPaymentMethod | null;
  onChange: (method: TPaymentMethod) => void;
  error?: string | undefined;
  firstInputId: string;
}) {
  const { t } = useTranslation('checkout');
  const id = useId();
  return (
    <fieldset
      className="payment-methods"
      data-invalid={error ? true : undefined}
      aria-describedby={error ? `${id}-error` : undefined}
    >
      <legend className="payment-methods__legend">{t('payment.methodsLegend')}</legend>
      {methods.map((m, i) => (
        <label key={m} className="payment-method" data-method={m} data-selected={value === m || undefined}>
          <input
            id={i === 0 ? firstInputId : undefined}
            type="radio"
            className="payment-method__radio"
            name="method"
            value={m}
            checked={value === m}
            onChange={() => onChange(m)}
            aria-invalid={error ? true : undefined}
            aria-describedby={`${id}-${m}-hint`}
          />
          <MethodIcon method={m} />
          <span className="payment-method__text">
            <span className="payment-method__name">{t(`payment.methods.${m}`)}</span>
            <span className="payment-method__hint" id={`${id}-${m}-hint`}>
              {t(`payment.methodHints.${m}`)}
            </span>
          </span>
        </label>
      ))}
      {error ? (
        <p id={`${id}-error`} className="field__error">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
