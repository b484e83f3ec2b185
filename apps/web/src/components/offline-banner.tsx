import { useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';

function subscribe(cb: () => void) {
  window.addEventListener('online', cb);
  window.addEventListener('offline', cb);
  return () => {
    window.removeEventListener('online', cb);
    window.removeEventListener('offline', cb);
  };
}

export function useOnline(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => navigator.onLine,
    () => true,
  );
}

/** Tells the visitor the connection dropped; announced politely by screen readers. */
export function OfflineBanner() {
  const { t } = useTranslation();
  const online = useOnline();
  return (
    <div role="status" aria-live="polite" className="offline-banner" hidden={online}>
      {online ? '' : t('network.offlineBanner')}
    </div>
  );
}
