import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatClock, type OfferInfo, offerPhase, offerRemainingMs } from '../offer';

/**
 * "Offer price ends in hh:mm:ss", counting down to the order's offer deadline on the server's clock. At 0 it
 * asks for the prices again (they are then the regular ones) and says the offer has ended. Nothing is shown
 * when no offer is running. The clock is not a live region: only the end is announced.
 */
export function OfferBanner({
  offer,
  offsetMs,
  onExpire,
}: {
  offer: OfferInfo;
  offsetMs: number;
  onExpire: () => void;
}) {
  const { t } = useTranslation('checkout');
  const [now, setNow] = useState(Date.now);
  const [ended, setEnded] = useState(false);
  const expire = useRef(onExpire);
  useEffect(() => {
    expire.current = onExpire;
  }, [onExpire]);
  const phase = offerPhase(offer, offsetMs, now);

  useEffect(() => {
    if (ended || !offer.active || !offer.deadline) return;
    const id = setInterval(() => {
      const at = Date.now();
      setNow(at);
      if ((offerRemainingMs(offer.deadline, offsetMs, at) ?? 0) <= 0) {
        clearInterval(id);
        setEnded(true);
      }
    }, 250);
    return () => clearInterval(id);
  }, [ended, offer.active, offer.deadline, offsetMs]);

  // A second of grace before asking again: the server must see the deadline as passed too.
  useEffect(() => {
    if (!ended) return;
    const id = setTimeout(() => expire.current(), 1000);
    return () => clearTimeout(id);
  }, [ended]);

  if (!ended && phase === 'none') return null;
  const clock = formatClock(offerRemainingMs(offer.deadline, offsetMs, now) ?? 0);
  return (
    <div className="offer-banner" data-ended={ended || undefined}>
      {ended ? null : (
        <p className="offer-banner__running">
          <span className="offer-banner__label" aria-hidden="true">
            {t('scheme.offer.endsIn')}
          </span>{' '}
          <span className="offer-banner__clock" aria-hidden="true">
            {clock}
          </span>
          <span className="visually-hidden">{t('scheme.offer.endsInLabel', { time: clock })}</span>
        </p>
      )}
      <p className="offer-banner__ended" role="status">
        {ended ? t('scheme.offer.ended') : ''}
      </p>
    </div>
  );
}
