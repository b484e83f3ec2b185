import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Field } from '../../components/field';
import { PageTitle } from '../../components/page-title';
import { useErrorMessage } from '../../lib/use-error-message';
import { enrolTotp, meQuery, verifyTotp } from './console-api';
import { ConsoleError } from './console-table';
import { QrCode } from './qr-code';

/**
 * The second factor: the first time, a new authenticator secret (shown once, as a QR code and as text for
 * typing), confirmed by a code; after that, a code at each sign-in.
 */
export function SecondFactor({ state, email }: { state: 'enrol' | 'verify'; email: string }) {
  const { t } = useTranslation('console');
  const queryClient = useQueryClient();
  const errorMessage = useErrorMessage();
  const [code, setCode] = useState('');
  const enrol = useMutation({ mutationFn: enrolTotp });
  const verify = useMutation({
    mutationFn: verifyTotp,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: meQuery().queryKey }),
  });

  function submit(e: FormEvent) {
    e.preventDefault();
    if (!verify.isPending) verify.mutate(code.trim());
  }

  const needsSecret = state === 'enrol' && !enrol.data;
  return (
    <div className="container page page--narrow console">
      <PageTitle title={t('secondFactor.title')} />
      <h1>{t('secondFactor.title')}</h1>
      <p>{t('signedInAs', { email })}</p>
      {state === 'enrol' && (
        <section className="card" aria-labelledby="enrol-title">
          <h2 id="enrol-title">{t('secondFactor.enrolTitle')}</h2>
          <p>{t('secondFactor.enrolLead')}</p>
          {needsSecret ? (
            <button
              type="button"
              className="button button--primary"
              disabled={enrol.isPending}
              onClick={() => enrol.mutate()}
            >
              {t('secondFactor.showSecret')}
            </button>
          ) : (
            enrol.data && (
              <>
                <QrCode modules={enrol.data.qr} label={t('secondFactor.qrLabel')} />
                <p>
                  {t('secondFactor.typeInstead')} <code className="console__secret">{enrol.data.secret}</code>
                </p>
                <p className="console__note">{t('secondFactor.onceOnly')}</p>
              </>
            )
          )}
          <ConsoleError error={enrol.error} />
        </section>
      )}
      {(state === 'verify' || enrol.data) && (
        <form className="card" onSubmit={submit} noValidate>
          <Field
            label={t('secondFactor.code')}
            name="totp"
            value={code}
            onChange={setCode}
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            required
            hint={t('secondFactor.codeHint')}
            error={verify.isError ? errorMessage(verify.error) : undefined}
          />
          <button type="submit" className="button button--primary" disabled={verify.isPending}>
            {t('secondFactor.verify')}
          </button>
        </form>
      )}
    </div>
  );
}
