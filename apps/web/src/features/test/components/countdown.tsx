import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** hh:mm:ss, as the spec shows time. */
export function formatClock(ms: number): string {
  const s = Math.max(0, Math.ceil(ms / 1000));
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${pad(Math.floor(s / 3600))}:${pad(Math.floor((s % 3600) / 60))}:${pad(s % 60)}`;
}

/**
 * Counts down to the server's deadline. The offset between the server's clock and this device's is measured
 * once; the remaining time is always computed from the deadline, so a throttled background tab cannot
 * stretch it.
 */
export function Countdown({
  deadline,
  offsetMs,
  onExpire,
}: {
  deadline: number;
  offsetMs: number;
  onExpire: () => void;
}) {
  const { t } = useTranslation('test');
  const remaining = () => deadline - (Date.now() + offsetMs);
  const [left, setLeft] = useState(remaining);
  useEffect(() => {
    const id = setInterval(() => {
      const r = remaining();
      setLeft(r);
      if (r <= 0) {
        clearInterval(id);
        onExpire();
      }
    }, 250);
    return () => clearInterval(id);
  }, [deadline, offsetMs]);
  const clock = formatClock(left);
  return (
    <div className="countdown" data-low={left < 120_000 || undefined}>
      <span className="countdown__label">{t('question.timeLeft')}</span>
      <span className="countdown__value" aria-hidden="true">
        {clock}
      </span>
      <span className="visually-hidden">{t('question.timeLeftLabel', { time: clock })}</span>
    </div>
  );
}
