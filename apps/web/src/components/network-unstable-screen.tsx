import { useTranslation } from 'react-i18next';

export type NetworkContext = 'test' | 'payment' | 'generic';

/**
 * The network-unstable screen. During the test it offers "refresh" (answers are kept); during payment,
 * "reload"; elsewhere a retry.
 */
export function NetworkUnstableScreen({
  context = 'generic',
  onRetry,
}: {
  context?: NetworkContext;
  onRetry?: () => void;
}) {
  const { t } = useTranslation(['common', 'errors']);
  const body =
    context === 'test'
      ? t('network.bodyTest')
      : context === 'payment'
        ? t('network.bodyPayment')
        : t('network.bodyGeneric');
  const label = context === 'payment' ? t('network.reload') : t('network.refresh');
  return (
    <section className="status-screen container" aria-labelledby="net-title">
      <svg className="status-screen__icon" viewBox="0 0 48 48" aria-hidden="true">
        <path d="M6 18a26 26 0 0 1 36 0M12 25a17 17 0 0 1 24 0M18 32a8 8 0 0 1 12 0" />
        <circle cx="24" cy="38" r="2.5" />
        <path d="M8 8l32 32" className="status-screen__slash" />
      </svg>
      <h1 id="net-title">{t('network.title')}</h1>
      <p role="alert">{t('errors:offline')}</p>
      <p>{body}</p>
      <button type="button" className="button button--primary" onClick={onRetry ?? (() => location.reload())}>
        {label}
      </button>
    </section>
  );
}
