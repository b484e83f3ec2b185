import type { FormEvent, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Field } from '../../../components/field';

interface CodeEntryProps {
  code: string;
  error: string | undefined;
  onChange: (value: string) => void;
  onSubmit: (e: FormEvent) => void;
  /** The submit button's words (register: verify; forgot password: check the code). */
  submitLabel: string;
  busy: boolean;
  /** Sends the code again. */
  onResend: () => void;
  /** More ways out beside "send again" (register: change the address). */
  actions?: ReactNode;
}

/** The step that asks for the code sent by e-mail (register, forgot password): the code, submit, send again. */
export function CodeEntry({ code, error, onChange, onSubmit, submitLabel, busy, onResend, actions }: CodeEntryProps) {
  const { t } = useTranslation('account');
  return (
    <>
      <form className="card form" noValidate onSubmit={onSubmit}>
        <Field
          label={t('fields.code')}
          name="code"
          hint={t('fields.codeHint')}
          value={code}
          onChange={onChange}
          error={error}
          autoComplete="one-time-code"
          inputMode="numeric"
          maxLength={6}
          required
        />
        <button type="submit" className="button button--primary button--block" disabled={busy} aria-busy={busy}>
          {submitLabel}
        </button>
      </form>
      <div className="button-row">
        <button type="button" className="button button--secondary" onClick={onResend} disabled={busy}>
          {t('register.resend')}
        </button>
        {actions}
      </div>
    </>
  );
}
