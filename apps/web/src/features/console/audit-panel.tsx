import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { auditQuery } from './console-api';
import { ConsoleError, ConsoleTable } from './console-table';
import { when } from './format';

const show = (v: unknown) => (v === null ? '—' : JSON.stringify(v));

/** What operators did, newest first: the log nobody can edit (the database refuses changes to it). */
export function AuditPanel() {
  const { t, i18n } = useTranslation('console');
  const audit = useQuery(auditQuery());
  return (
    <section aria-labelledby="audit-title">
      <h2 id="audit-title">{t('audit.title')}</h2>
      <p>{t('audit.lead')}</p>
      <ConsoleError error={audit.error} />
      {audit.data && (
        <ConsoleTable
          caption={t('audit.title')}
          captionHidden
          columns={[
            t('audit.when'),
            t('audit.who'),
            t('audit.what'),
            t('audit.target'),
            t('audit.before'),
            t('audit.after'),
          ]}
        >
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
        </ConsoleTable>
      )}
    </section>
  );
}
