import { GENDERS, type TUser } from '@mindgauge/contract';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Field } from '../../../components/field';
import { useErrorMessage } from '../../../lib/use-error-message';
import { setCurrentUser } from '../api/current-user';
import { updateProfile } from '../api/update-profile';
import { birthdayError, phoneError } from '../validate';
import { FormNotice } from './form-notice';

/** Personal info: nickname, phone, birthday (YYYY-MM-DD), gender; "save success". */
export function ProfileForm({ user }: { user: TUser }) {
  const { t } = useTranslation(['account', 'common', 'errors']);
  const queryClient = useQueryClient();
  const errorMessage = useErrorMessage();
  const titleId = useId();
  const [form, setForm] = useState({
    nickname: user.nickname ?? '',
    phone: user.phone ?? '',
    birthday: user.birthday ?? '',
    gender: user.gender ?? '',
  });
  const [errors, setErrors] = useState<{ phone?: string | undefined; birthday?: string | undefined }>({});
  const [notice, setNotice] = useState<{ kind: 'success' | 'error'; text: string }>();
  const [busy, setBusy] = useState(false);
  const noticeRef = useRef<HTMLDivElement>(null);
  const set = (k: keyof typeof form) => (v: string) => setForm((f) => ({ ...f, [k]: v }));

  async function submit(e: FormEvent) {
    e.preventDefault();
    const phone = phoneError(form.phone);
    const birthday = birthdayError(form.birthday);
    const next = { phone: phone ? t(phone) : undefined, birthday: birthday ? t(birthday) : undefined };
    setErrors(next);
    setNotice(undefined);
    if (next.phone || next.birthday) {
      document.querySelector<HTMLElement>(`[name="${next.phone ? 'phone' : 'birthday'}"]`)?.focus();
      return;
    }
    setBusy(true);
    try {
      const saved = await updateProfile({
        nickname: form.nickname.trim() || null,
        phone: form.phone.trim() || null,
        birthday: form.birthday.trim() || null,
        gender: (form.gender || null) as TUser['gender'],
      });
      await setCurrentUser(queryClient, saved);
      setNotice({ kind: 'success', text: t('notice.saveSuccess') });
    } catch (err) {
      setNotice({ kind: 'error', text: errorMessage(err) });
    } finally {
      setBusy(false);
      requestAnimationFrame(() => noticeRef.current?.focus());
    }
  }

  return (
    <section className="card" aria-labelledby={titleId}>
      <h2 id={titleId}>{t('info.profile')}</h2>
      <p className="meta">
        {t('fields.email')}: {user.email}
      </p>
      <form className="form" noValidate onSubmit={submit}>
        <Field
          label={t('info.nickname')}
          name="nickname"
          value={form.nickname}
          onChange={set('nickname')}
          maxLength={40}
          autoComplete="nickname"
        />
        <Field
          label={t('info.phone')}
          name="phone"
          type="tel"
          value={form.phone}
          onChange={set('phone')}
          error={errors.phone}
          autoComplete="tel"
          inputMode="tel"
          maxLength={24}
        />
        <Field
          label={t('info.birthday')}
          name="birthday"
          hint={t('info.birthdayHint')}
          value={form.birthday}
          onChange={set('birthday')}
          error={errors.birthday}
          autoComplete="bday"
          inputMode="numeric"
          maxLength={10}
        />
        <fieldset className="field segmented">
          <legend>{t('info.gender')}</legend>
          {GENDERS.map((g) => (
            <label key={g} className="segmented__option">
              <input
                type="radio"
                name="gender"
                value={g}
                checked={form.gender === g}
                onChange={() => set('gender')(g)}
              />
              <span>{t(`info.genders.${g}`)}</span>
            </label>
          ))}
        </fieldset>
        <button type="submit" className="button button--primary" disabled={busy} aria-busy={busy}>
          {t('info.save')}
        </button>
      </form>
      <FormNotice ref={noticeRef} kind={notice?.kind}>
        {notice?.text}
      </FormNotice>
    </section>
  );
}
