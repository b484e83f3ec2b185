import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useAppState } from '../../../app/app-state';
import { buildHref } from '../../../app/paths';
import { useScope } from '../../../app/use-scope';
import { withKeptQuery } from '../../../components/app-link';
import { useErrorMessage } from '../../../lib/use-error-message';
import { useRedeemGift } from '../api/redeem-gift';

/** On the report choice, for a visitor who came by a gift link: the report is already paid, one click away. */
export function GiftBanner({ orderNumber }: { orderNumber: string }) {
  const { t } = useTranslation('checkout');
  const code = useAppState((s) => s.giftCode);
  const set = useAppState((s) => s.set);
  const navigate = useNavigate();
  const scope = useScope();
  const errorMessage = useErrorMessage();
  const redeemGift = useRedeemGift();
  // Still busy once redeemed: the page is on its way to the success screen.
  const busy = redeemGift.isPending || redeemGift.isSuccess;
  const error = redeemGift.isError ? errorMessage(redeemGift.error) : undefined;
  if (!code) return null;

  function redeem() {
    redeemGift.mutate(
      { orderNumber, code },
      {
        onSuccess: () => {
          set({ giftCode: '' });
          navigate(
            withKeptQuery(buildHref('payingSuccess', { scope: scope.value }, { order: orderNumber }), location.search),
          );
        },
      },
    );
  }

  return (
    <section className="card notice notice--success gift-banner" aria-labelledby="gift-title">
      <h2 id="gift-title">{t('extras.giftTitle')}</h2>
      <p>{t('extras.giftLead')}</p>
      <p className="form__error" role="alert" hidden={!error}>
        {error ?? ''}
      </p>
      <button type="button" className="button button--primary" onClick={redeem} disabled={busy} aria-busy={busy}>
        {t('extras.giftRedeem')}
      </button>
    </section>
  );
}
