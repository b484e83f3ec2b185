import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useErrorMessage } from '../../lib/use-error-message';
import { auditQuery } from './console-api';
import { when } from './format';

const show = (v: unknown) => (v === null ? '—' : JSON.stringify(v));

/** What operators did, newest first: the log nobody can edit (the database refuses changes to it). */
export function AuditPanel() {
  const { t, i18n } = useTranslation('console');
  const errorMessage = useErrorMessage();
  const audit = useQuery(auditQuery());
  return (
    <section aria-labelledby="audit-title">
      <h2 id="audit-title">{t('audit.title')}</h2>
      <p>{t('audit.lead')}</p>
      {audit.isError && <p role="alert">{errorMessage(audit.error)}</p>}
      {audit.data && (
        <div className="console__table-wrap">
          <table className="console__table">
            <caption className="visually-hidden">{t('audit.title')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('audit.when')}</th>
                <th scope="col">{t('audit.who')}</th>
                <th scope="col">{t('audit.what')}</th>
                <th scope="col">{t('audit.target')}</th>
                <th scope="col">{t('audit.before')}</th>
                <th scope="col">{t('audit.after')}</th>
              </tr>
            </thead>
            <tbody>
              {audit.data.entries.map((a) => (
                <tr key={a.id}>
                  <td>{when(a.at, i18n.language)}</td>
                  <td>{a.actor}</td>
                  <td>{a.action}</td>
                  <td>{a.target}</td>
                  <td>
                    <code>{show(a.before)}</code>
                  </td>
                  <td>
                    <code>{show(a.after)}</code>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
