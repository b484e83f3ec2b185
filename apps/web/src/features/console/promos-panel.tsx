import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Field } from '../../components/field';
import { createPromo, expirePromo, promosQuery } from './console-api';
import { ConsoleError, ConsoleTable } from './console-table';
import { when } from './format';

/** Promo codes: what exists and how often it was used; make one (it works at once); end one now. */
export function PromosPanel() {
  const { t, i18n } = useTranslation('console');
  const queryClient = useQueryClient();
  const promos = useQuery(promosQuery());
  const [form, setForm] = useState({ code: '', percentOff: '', expiresAt: '', maxRedemptions: '' });
  const refresh = () => queryClient.invalidateQueries({ queryKey: promosQuery().queryKey });
  const create = useMutation({
    mutationFn: () =>
      createPromo({
        code: form.code.trim(),
        percentOff: Number(form.percentOff),
        expiresAt: form.expiresAt || null,
        maxRedemptions: form.maxRedemptions ? Number(form.maxRedemptions) : null,
      }),
    onSuccess: () => setForm({ code: '', percentOff: '', expiresAt: '', maxRedemptions: '' }),
    onSettled: refresh,
  });
  const expire = useMutation({ mutationFn: expirePromo, onSettled: refresh });

  function submit(e: FormEvent) {
    e.preventDefault();
    if (!create.isPending) create.mutate();
  }

  return (
    <section aria-labelledby="promos-title">
      <h2 id="promos-title">{t('promos.title')}</h2>
      <form className="card" onSubmit={submit} noValidate>
        <h3>{t('promos.new')}</h3>
        <Field
          label={t('promos.code')}
          name="code"
          value={form.code}
          onChange={(code) => setForm({ ...form, code })}
          hint={t('promos.codeHint')}
          maxLength={32}
          required
        />
        <Field
          label={t('promos.percentOff')}
          name="percentOff"
          value={form.percentOff}
          onChange={(percentOff) => setForm({ ...form, percentOff })}
          inputMode="numeric"
          hint={t('promos.percentHint')}
          required
        />
        <Field
          label={t('promos.expiresAt')}
          name="expiresAt"
          type="date"
          value={form.expiresAt}
          onChange={(expiresAt) => setForm({ ...form, expiresAt })}
          hint={t('promos.expiresHint')}
        />
        <Field
          label={t('promos.maxRedemptions')}
          name="maxRedemptions"
          value={form.maxRedemptions}
          onChange={(maxRedemptions) => setForm({ ...form, maxRedemptions })}
          inputMode="numeric"
          hint={t('promos.maxHint')}
        />
        <p className="console__note">{t('promos.newOrdersOnly')}</p>
        <button type="submit" className="button button--primary" disabled={create.isPending}>
          {t('promos.create')}
        </button>
        {create.isSuccess && <p role="status">{t('promos.created', { code: create.data.code })}</p>}
        <ConsoleError error={create.error} />
      </form>
      <ConsoleError error={promos.error} />
      {promos.data && (
        <ConsoleTable
          caption={t('promos.title')}
          captionHidden
          columns={[
            t('promos.code'),
            t('promos.percentOff'),
            t('promos.used'),
            t('promos.expiresAt'),
            t('promos.state'),
            { hidden: t('promos.actions') },
          ]}
          after=<ConsoleError error={expire.error} />
        >
          {promos.data.codes.map((p) => (
            <tr key={p.code}>
              <th scope="row">
                {p.code}
                {p.demo && ` (${t('promos.demo')})`}
              </th>
              <td>{p.percentOff}%</td>
              <td>{p.maxRedemptions === null ? p.redemptions : `${p.redemptions} / ${p.maxRedemptions}`}</td>
              <td>{when(p.expiresAt, i18n.language)}</td>
              <td>{p.active ? t('promos.active') : t('promos.ended')}</td>
              <td>
                {p.active && (
                  <button
                    type="button"
                    className="button button--secondary"
                    disabled={expire.isPending}
                    onClick={() => expire.mutate(p.code)}
                    aria-label={`${t('promos.end')} · ${p.code}`}
                  >
                    {t('promos.end')}
                  </button>
                )}
              </td>
            </tr>
          ))}
        </ConsoleTable>
      )}
    </section>
  );
}
