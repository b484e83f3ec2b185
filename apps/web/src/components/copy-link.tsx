import { useState } from 'react';

/** A link shown in full (selectable) with a copy button that says whether copying worked. */
export function CopyLink({
  url,
  labels,
}: {
  url: string;
  labels: { field: string; copy: string; copied: string; failed: string };
}) {
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
      <input className="copy-link__url" readOnly value={url} aria-label={labels.field} />
      <button type="button" className="button button--secondary" onClick={copy}>
        {labels.copy}
      </button>
      <span role="status" className="meta">
        {result === 'ok' ? labels.copied : result === 'failed' ? labels.failed : ''}
      </span>
    </div>
  );
}
