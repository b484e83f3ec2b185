import { useState } from 'react';
import { useTranslation } from 'react-i18next';

/** A link shown in full (selectable) with a copy button that tells whether copying worked. */
export function CopyLink({ url }: { url: string }) {
  const { t } = useTranslation('checkout');
  const [result, setResult] = useState<'ok' | 'failed'>();
  async function copy() {
    try {
      await navigator.clipboard.writeText(url);
      setResult('ok');
    } catch {
      setResult('failed');
    }
  }
  return (
    <div className="copy-link">
      <input className="copy-link__url" readOnly value={url} aria-label={t('extras.giftLinkLabel')} />
      <button type="button" className="button button--secondary" onClick={copy}>
        {t('extras.copy')}
      </button>
      <span role="status" className="meta">
        {result === 'ok' ? t('extras.copied') : result === 'failed' ? t('extras.copyFailed') : ''}
      </span>
    </div>
  );
}
