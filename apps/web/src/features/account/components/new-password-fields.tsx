import { PASSWORD_RULES } from '@mindgauge/contract';
import { useTranslation } from 'react-i18next';
import { Field } from '../../../components/field';

interface NewPasswordFieldsProps {
  /** Register says "Password"; reset and change say "New password". */
  labels: 'password' | 'newPassword';
  values: { password: string; confirm: string };
  errors: { password?: string | undefined; confirm?: string | undefined };
  onChange: (field: 'password' | 'confirm') => (value: string) => void;
}

/** A new password and its confirmation, with the rules' hint and the contract's length limit. */
export function NewPasswordFields({ labels, values, errors, onChange }: NewPasswordFieldsProps) {
  const { t } = useTranslation('account');
  return (
    <>
      <Field
        label={t(labels === 'password' ? 'fields.password' : 'fields.newPassword')}
        name="password"
        type="password"
        hint={t('fields.passwordHint')}
        value={values.password}
        onChange={onChange('password')}
        error={errors.password}
        autoComplete="new-password"
        maxLength={PASSWORD_RULES.max}
        required
      />
      <Field
        label={t(labels === 'password' ? 'fields.confirmPassword' : 'fields.confirmNewPassword')}
        name="confirm"
        type="password"
        value={values.confirm}
        onChange={onChange('confirm')}
        error={errors.confirm}
        autoComplete="new-password"
        maxLength={PASSWORD_RULES.max}
        required
      />
    </>
  );
}
