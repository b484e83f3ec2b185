import { useTranslation } from 'react-i18next';
import { AppLink } from '../../../components/app-link';

/** "I have read and agree to the terms": never ticked for the visitor; the error is tied to the box. */
export function TermsConsent({
  id,
  checked,
  onChange,
  error,
  termsHref,
}: {
  id: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  error?: string | undefined;
  termsHref: string;
}) {
  const { t } = useTranslation(['checkout', 'common']);
  return (
    <div className="consent terms-consent" data-invalid={error ? true : undefined}>
      <input
        id={id}
        type="checkbox"
        checked={checked}
        onChange={(e) => onChange(e.target.checked)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
      />
      <label htmlFor={id}>{t('scheme.terms.agree')}</label>
      <AppLink to={termsHref} target="_blank" className="terms-consent__link">
        {t('scheme.terms.read')}
        <span className="visually-hidden"> {t('common:a11y.externalLink')}</span>
      </AppLink>
      {error ? (
        <p id={`${id}-error`} className="field__error">
          {error}
        </p>
      ) : null}
    </div>
  );
}
