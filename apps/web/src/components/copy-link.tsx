import { useState } from 'react';
import { useTranslation } from 'react-i18next';

/** A link shown in full (selectable) with a copy button that says whether copying worked. */
export function CopyLink({ url, label }: { url: string /** The field's accessible name. */; label: string }) {
  const { t } = useTranslation('common');
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
      <input className="copy-link__url" readOnly value={url} aria-label={label} />
      <button type="button" className="button button--secondary" onClick={copy}>
        {t('actions.copyLink')}
      </button>
      <span role="status" className="meta">
        {result === 'ok' ? t('actions.copied') : result === 'failed' ? t('actions.copyFailed') : ''}
      </span>
    </div>
  );
}
