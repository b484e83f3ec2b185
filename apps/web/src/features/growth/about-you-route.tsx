import { BIRTH_YEAR_MIN } from '@mindgauge/contract';
import { type FormEvent, useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type LoaderFunctionArgs, useSearchParams } from 'react-router';
import { useAppState } from '../../app/app-state';
import { orderFromSearch } from '../../app/order-from-search';
import { buildHref } from '../../app/paths';
import { scopeFromParams } from '../../app/scope-from-params';
import { useScope } from '../../app/use-scope';
import { AppLink, withKeptQuery } from '../../components/app-link';
import { EmailField, emailErrorKey } from '../../components/email-field';
import { Field } from '../../components/field';
import { PageTitle } from '../../components/page-title';
import { ensureGrowthNamespace } from '../../i18n/i18n';
import { useLocale } from '../../i18n/use-locale';
import { useErrorMessage } from '../../lib/use-error-message';
import { saveProfile } from './api/save-profile';
import { COUNTRY_CODES, regionNamer } from './region-names';

export async function loader({ params, request }: LoaderFunctionArgs) {
  scopeFromParams(params);
  orderFromSearch(new URL(request.url).searchParams);
  await ensureGrowthNamespace();
  return null;
}

type TGender = 'male' | 'female' | 'confidential';
const GENDERS: TGender[] = ['female', 'male', 'confidential'];
type Errors = { firstName?: string; lastName?: string; email?: string; birthYear?: string; form?: string };

/**
 * The spec's form screen ("about you"): an optional step after the result e-mail. The name goes on the
 * certificate; birth year, gender and country are sent with the norms consent the visitor ticks (or not),
 * and the server keeps them only with it.
 */
export function Component() {
  const { t } = useTranslation(['growth', 'common']);
  const scope = useScope();
  const locale = useLocale();
  const errorMessage = useErrorMessage();
  const [search] = useSearchParams();
  const orderNumber = orderFromSearch(search);
  const [firstName, setFirstName] = useState('');
  const [lastName, setLastName] = useState('');
  const [email, setEmail] = useState(useAppState.getState().email);
  const [birthYear, setBirthYear] = useState('');
  const [gender, setGender] = useState<TGender | ''>('');
  const [country, setCountry] = useState('');
  const [consent, setConsent] = useState(false);
  const [errors, setErrors] = useState<Errors>({});
  const [busy, setBusy] = useState(false);
  const [saved, setSaved] = useState<{ name: string | null } | null>(null);
  const ids = { gender: useId(), country: useId(), consent: useId() };
  const maxYear = new Date().getFullYear();
  const countries = useMemo(() => {
    const name = regionNamer(locale);
    return COUNTRY_CODES.map((code) => ({ code, name: name(code) })).sort((a, b) =>
      a.name.localeCompare(b.name, locale),
    );
  }, [locale]);
  const backHref = withKeptQuery(
    buildHref('answerSubmit', { scope: scope.value }, { order: orderNumber }),
    location.search,
  );

  async function submit(e: FormEvent) {
    e.preventDefault();
    const found: Errors = {};
    if (!firstName.trim()) found.firstName = t('about.nameRequired');
    if (!lastName.trim()) found.lastName = t('about.nameRequired');
    const emailKey = emailErrorKey(email);
    if (emailKey) found.email = t(`common:${emailKey}`);
    const year = birthYear.trim() ? Number(birthYear.trim()) : undefined;
    if (year !== undefined && (!Number.isInteger(year) || year < BIRTH_YEAR_MIN || year > maxYear)) {
      found.birthYear = t('about.birthYearInvalid', { min: BIRTH_YEAR_MIN, max: maxYear });
    }
    setErrors(found);
    const first = (['firstName', 'lastName', 'email', 'birthYear'] as const).find((k) => found[k]);
    if (first) {
      document.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
      return;
    }
    setBusy(true);
    try {
      const result = await saveProfile({
        orderNumber,
        firstName: firstName.trim(),
        lastName: lastName.trim(),
        email: email.trim(),
        normsConsent: consent,
        ...(year !== undefined ? { birthYear: year } : {}),
        ...(gender ? { gender } : {}),
        ...(country ? { country } : {}),
      });
      setSaved({ name: result.certificateName });
    } catch (err) {
      setErrors({ form: errorMessage(err) });
    } finally {
      setBusy(false);
    }
  }

  if (saved) {
    return (
      <section className="status-screen container" aria-labelledby="about-title">
        <PageTitle title={t('about.title')} />
        <h1 id="about-title">{t('about.title')}</h1>
        <p role="status">{saved.name ? t('about.saved', { name: saved.name }) : t('about.savedWithoutName')}</p>
        <AppLink to={backHref} className="button button--primary button--large">
          {t('about.back')}
        </AppLink>
      </section>
    );
  }

  return (
    <div className="container page page--narrow">
      <PageTitle title={t('about.title')} />
      <h1>{t('about.title')}</h1>
      <p className="lead">{t('about.lead')}</p>
      <form className="card form about-form" noValidate onSubmit={submit}>
        <Field
          label={t('about.firstName')}
          name="firstName"
          value={firstName}
          onChange={setFirstName}
          error={errors.firstName}
          autoComplete="given-name"
          maxLength={80}
          required
        />
        <Field
          label={t('about.lastName')}
          name="lastName"
          value={lastName}
          onChange={setLastName}
          error={errors.lastName}
          autoComplete="family-name"
          maxLength={80}
          required
        />
        <EmailField label={t('about.email')} value={email} onChange={setEmail} error={errors.email} />
        <Field
          label={t('about.birthYear')}
          name="birthYear"
          value={birthYear}
          onChange={setBirthYear}
          error={errors.birthYear}
          autoComplete="bday-year"
          inputMode="numeric"
          maxLength={4}
        />
        <div className="field">
          <label htmlFor={ids.gender}>{t('about.gender')}</label>
          <select
            id={ids.gender}
            name="gender"
            value={gender}
            onChange={(e) => setGender(e.target.value as TGender | '')}
          >
            <option value="">{t('about.genderUnset')}</option>
            {GENDERS.map((g) => (
              <option key={g} value={g}>
                {t(`about.genders.${g}`)}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor={ids.country}>{t('about.country')}</label>
          <select id={ids.country} name="country" value={country} onChange={(e) => setCountry(e.target.value)}>
            <option value="">{t('about.countryUnset')}</option>
            {countries.map((c) => (
              <option key={c.code} value={c.code}>
                {c.name}
              </option>
            ))}
          </select>
        </div>
        <div className="consent">
          <input
            id={ids.consent}
            name="normsConsent"
            type="checkbox"
            checked={consent}
            onChange={(e) => setConsent(e.target.checked)}
            aria-describedby={`${ids.consent}-note`}
          />
          <label htmlFor={ids.consent}>{t('about.normsConsent')}</label>
          <p id={`${ids.consent}-note`} className="field__hint">
            {t('about.normsNote')}
          </p>
        </div>
        {errors.form ? (
          <p className="form__error" role="alert">
            {errors.form}
          </p>
        ) : null}
        <button type="submit" className="button button--primary button--block" disabled={busy} aria-busy={busy}>
          {t('about.submit')}
        </button>
        <AppLink to={backHref} className="button button--ghost button--block">
          {t('about.skip')}
        </AppLink>
      </form>
    </div>
  );
}
