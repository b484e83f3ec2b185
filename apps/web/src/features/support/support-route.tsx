import { LIMITS, ZSupportTopic } from '@mindgauge/contract';
import { type FormEvent, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { LoaderFunctionArgs } from 'react-router';
import { examQuery } from '../../api/get-exams';
import { buildHref } from '../../app/paths';
import { scopeFromParams } from '../../app/scope-from-params';
import type { ScreenContext } from '../../app/screens';
import { useScope } from '../../app/use-scope';
import { AppLink } from '../../components/app-link';
import { Field } from '../../components/field';
import { PageTitle } from '../../components/page-title';
import { StatusIcon } from '../../components/status-icon';
import { localeFromRequest, useLocale } from '../../i18n/use-locale';
import { useErrorMessage } from '../../lib/use-error-message';
import { useSendSupportMessage } from './api/send-support-message';
import { type SupportErrors, type SupportForm, validateSupportForm } from './validate-support-form';

export async function loader({ params, request }: LoaderFunctionArgs, { queryClient }: ScreenContext) {
  const scope = scopeFromParams(params);
  await queryClient.ensureQueryData(examQuery(scope.examId, localeFromRequest(request)));
  return null;
}

const EMPTY: SupportForm = { name: '', email: '', topic: 'test', orderNumber: '', message: '' };

export function Component() {
  const { t } = useTranslation();
  const scope = useScope();
  const locale = useLocale();
  const send = useSendSupportMessage();
  const errorMessage = useErrorMessage();
  const [form, setForm] = useState<SupportForm>(EMPTY);
  const [errors, setErrors] = useState<SupportErrors>({});
  const formRef = useRef<HTMLFormElement>(null);
  const ids = { topic: useId(), status: useId() };

  const set = <K extends keyof SupportForm>(key: K, value: SupportForm[K]) => {
    setForm((f) => ({ ...f, [key]: value }));
    if (errors[key]) setErrors((e) => ({ ...e, [key]: undefined }));
  };

  async function submit(e: FormEvent) {
    e.preventDefault();
    const found = validateSupportForm(form);
    setErrors(found);
    const firstInvalid = Object.keys(found)[0];
    if (firstInvalid) {
      formRef.current?.querySelector<HTMLElement>(`[name="${firstInvalid}"]`)?.focus();
      return;
    }
    send.mutate({
      name: form.name.trim(),
      email: form.email.trim(),
      topic: form.topic,
      message: form.message.trim(),
      ...(form.orderNumber.trim() ? { orderNumber: form.orderNumber.trim() } : {}),
      examId: scope.examId,
      hl: locale,
    });
  }

  if (send.isSuccess) {
    return (
      <div className="container page page--narrow">
        <PageTitle title={t('support.title')} />
        <section className="card success-panel" aria-labelledby="sent-title">
          <StatusIcon kind="success" />
          <h1 id="sent-title">{t('support.title')}</h1>
          <p role="status">{t('support.sent', { ticket: send.data.ticketId })}</p>
          <button
            type="button"
            className="button button--secondary"
            onClick={() => {
              setForm(EMPTY);
              send.reset();
            }}
          >
            {t('support.sendAnother')}
          </button>
        </section>
      </div>
    );
  }

  const max = { name: LIMITS.nameMax, message: LIMITS.supportMessageMax } as Partial<Record<keyof SupportForm, number>>;
  const fieldError = (key: keyof SupportForm) =>
    errors[key] ? t(errors[key] as 'validation.required', { min: LIMITS.supportMessageMin, max: max[key] }) : undefined;

  return (
    <div className="container page page--narrow">
      <PageTitle title={t('support.title')} />
      <header className="page-header">
        <h1>{t('support.title')}</h1>
        <p className="lead">{t('support.lead')}</p>
        <p>
          {t('support.helpFirst')} <AppLink to={buildHref('help', { scope: scope.value })}>{t('help.title')}</AppLink>
        </p>
      </header>
      <form ref={formRef} className="card form" noValidate onSubmit={submit} aria-describedby={ids.status}>
        <Field
          label={t('support.name')}
          name="name"
          autoComplete="name"
          value={form.name}
          onChange={(v) => set('name', v)}
          error={fieldError('name')}
          maxLength={LIMITS.nameMax}
          required
        />
        <Field
          label={t('support.email')}
          name="email"
          type="email"
          autoComplete="email"
          inputMode="email"
          value={form.email}
          onChange={(v) => set('email', v)}
          error={fieldError('email')}
          maxLength={LIMITS.emailMax}
          required
        />
        <div className="field">
          <label htmlFor={ids.topic}>{t('support.topic')}</label>
          <select
            id={ids.topic}
            name="topic"
            value={form.topic}
            onChange={(e) => set('topic', ZSupportTopic.parse(e.target.value))}
          >
            {ZSupportTopic.options.map((topic) => (
              <option key={topic} value={topic}>
                {t(`support.topics.${topic}`)}
              </option>
            ))}
          </select>
        </div>
        <Field
          label={t('support.orderNumber')}
          name="orderNumber"
          hint={t('support.orderNumberHint')}
          value={form.orderNumber}
          onChange={(v) => set('orderNumber', v)}
          error={fieldError('orderNumber')}
          maxLength={64}
        />
        <Field
          label={t('support.message')}
          name="message"
          multiline
          hint={t('support.messageHint', { min: LIMITS.supportMessageMin })}
          value={form.message}
          onChange={(v) => set('message', v)}
          error={fieldError('message')}
          maxLength={LIMITS.supportMessageMax}
          required
        />
        <div id={ids.status} role="alert" className="form__error" hidden={!send.isError}>
          {send.isError ? errorMessage(send.error) : ''}
        </div>
        <button
          type="submit"
          className="button button--primary button--block"
          disabled={send.isPending}
          aria-busy={send.isPending}
        >
          {send.isPending ? t('support.sending') : t('support.send')}
        </button>
      </form>
    </div>
  );
}
