import { useTranslation } from 'react-i18next';
import type { RuntimeConfig } from '../lib/runtime-config';

/**
 * On every page of a deployment that runs simulated payments or the public dev mailbox on purpose (the
 * server's ALLOW_TEST_PAYMENTS / DEV_MAILBOX): a visitor must never believe a test payment is real or that an
 * e-mail is private. Renders nothing when the deployment is real.
 */
export function TestModeBanner({ parts }: { parts: RuntimeConfig['testMode'] }) {
  const { t } = useTranslation();
  if (!parts.length) return null;
  return (
    <aside className="test-mode-banner" aria-label={t('testMode.label')}>
      <strong>{t('testMode.label')}</strong>
      {parts.map((part) => (
        <span key={part}> {t(part === 'payments' ? 'testMode.payments' : 'testMode.mailbox')}</span>
      ))}
    </aside>
  );
}
