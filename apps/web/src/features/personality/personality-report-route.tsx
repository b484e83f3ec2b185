import type { TPersonalityProfile, TProfileAxis, TQuotedAnswer } from '@mindgauge/contract';
import { useSuspenseQuery } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type LoaderFunctionArgs, useSearchParams } from 'react-router';
import { orderFromSearch } from '../../app/order-from-search';
import { buildHref } from '../../app/paths';
import { scopeFromParams } from '../../app/scope-from-params';
import type { ScreenContext } from '../../app/screens';
import { useScope } from '../../app/use-scope';
import { AppLink } from '../../components/app-link';
import { PageTitle } from '../../components/page-title';
import { localeFromRequest, useLocale } from '../../i18n/use-locale';
import { useErrorMessage } from '../../lib/use-error-message';
import { downloadProfilePdf } from './api/download-profile';
import { personalityProfileQuery } from './api/personality-profile';
import { AxisBar, type Pole } from './components/axis-bar';
import { familyOf, slugOf, type TypeCode } from './type-catalogue';
import { TypeEmblem } from './type-emblem';
import '../../styles/personality.css';

export async function loader({ params, request }: LoaderFunctionArgs, { queryClient }: ScreenContext) {
  scopeFromParams(params);
  const search = new URL(request.url).searchParams;
  // fetchQuery, not ensureQueryData: a stale refusal (read before paying) is asked again.
  await queryClient.fetchQuery(
    personalityProfileQuery(orderFromSearch(search), search.get('token'), localeFromRequest(request)),
  );
  return null;
}

/** A section of the profile; absent when the tier bought does not include it. */
function Part({ id, title, text }: { id: string; title: string; text: string | null }) {
  if (text === null) return null;
  return (
    <section className="type-section" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{title}</h2>
      <p>{text}</p>
    </section>
  );
}

/** The profile's PDF, for tiers that include it. */
function DownloadPdf({ orderNumber, token }: { orderNumber: string; token: string | null }) {
  const { t } = useTranslation('personality-test');
  const errorMessage = useErrorMessage();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  async function download() {
    setBusy(true);
    setError('');
    try {
      await downloadProfilePdf(orderNumber, token);
    } catch (err) {
      setError(errorMessage(err));
    } finally {
      setBusy(false);
    }
  }
  return (
    <div className="personality-profile__download">
      <button
        type="button"
        className="button button--primary"
        disabled={busy}
        aria-busy={busy || undefined}
        onClick={download}
      >
        {t('profile.download')}
      </button>
      {error ? (
        <p className="form__error" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}

function Quotes({ answers }: { answers: readonly TQuotedAnswer[] }) {
  const { t } = useTranslation('personality-test');
  return (
    <ul className="personality-profile__quotes">
      {answers.map((a) => (
        <li key={a.statement}>
          <q>{a.statement}</q>{' '}
          <span className="personality-profile__answer">{t('profile.answered', { answer: a.answer })}</span>
        </li>
      ))}
    </ul>
  );
}

/** Per axis, the reader's own answers that weighed most for their letter and against it. */
function Evidence({ axes }: { axes: readonly TProfileAxis[] }) {
  const { t } = useTranslation('personality-test');
  return (
    <section className="type-section" aria-labelledby="evidence-title">
      <h2 id="evidence-title">{t('profile.evidenceTitle')}</h2>
      <p>{t('profile.evidenceLead')}</p>
      {axes.map((axis) => (
        <div key={axis.axis} className="personality-profile__evidence">
          <h3>{t(`axis.${axis.axis}`)}</h3>
          <h4>{t('profile.toward', { letter: axis.letter, pole: t(`pole.${axis.letter as Pole}`) })}</h4>
          <Quotes answers={axis.toward} />
          <h4>{t('profile.against')}</h4>
          {axis.against.length > 0 ? <Quotes answers={axis.against} /> : <p>{t('profile.noneAgainst')}</p>}
        </div>
      ))}
    </section>
  );
}

/** What the app composes under the profile (sharing it; another feature's section). */
export type AfterProfile = (p: { orderNumber: string; token: string | null }) => ReactNode;

function Profile({
  profile,
  token,
  afterProfile,
}: {
  profile: TPersonalityProfile;
  token: string | null;
  afterProfile: AfterProfile | undefined;
}) {
  const { t } = useTranslation('personality-test');
  const { t: tt } = useTranslation('types');
  const scope = useScope();
  const code = profile.type as TypeCode;
  const depth = profile.work !== null;
  return (
    <div className="container page personality-result personality-profile" data-family={familyOf(code)}>
      <PageTitle title={`${t('profile.metaTitle')}: ${code}`} />
      <header className="type-hero">
        <TypeEmblem code={code} size={112} label={tt('typePage.emblemLabel', { name: profile.name })} />
        <div>
          <p className="eyebrow">{t('profile.eyebrow', { tier: profile.tierTitle })}</p>
          <h1>
            <span className="type-hero__code">{code}</span> <span>{profile.name}</span>
          </h1>
          <p className="lead">{profile.portrait}</p>
          <p>{profile.intro}</p>
          {profile.pdf ? <DownloadPdf orderNumber={profile.orderNumber} token={token} /> : null}
        </div>
      </header>

      <section className="type-section" aria-labelledby="axes-title">
        <h2 id="axes-title">{t('profile.axesTitle')}</h2>
        <ul className="axis-bars">
          {profile.axes.map((axis) => (
            <AxisBar key={axis.axis} axis={axis} />
          ))}
        </ul>
        <p className="axis-bars__explained">{t('result.marginExplained')}</p>
        <ul className="personality-profile__meanings">
          {profile.axes.map((axis) => (
            <li key={axis.axis}>
              <strong>{t(`axis.${axis.axis}`)}</strong>: {axis.meaning}
            </li>
          ))}
        </ul>
      </section>

      <Evidence axes={profile.axes} />

      <section className="type-section" aria-labelledby="nearest-title">
        <h2 id="nearest-title">{t('profile.nearestTitle')}</h2>
        <p>{profile.nearest.text}</p>
        <AppLink
          to={buildHref('personalityType', { type: slugOf(profile.nearest.type as TypeCode), scope: scope.value })}
        >
          {t('profile.nearestLink', { type: profile.nearest.type, name: profile.nearest.name })}
        </AppLink>
      </section>

      <p className="personality-profile__note">{t('profile.portraitNote')}</p>
      <Part id="strengths" title={tt('typePage.sections.strengths')} text={profile.strengths} />
      <Part id="blind-spots" title={tt('typePage.sections.blindSpots')} text={profile.blindSpots} />
      <Part id="work" title={tt('typePage.sections.work')} text={profile.work} />
      <Part id="relationships" title={tt('typePage.sections.relationships')} text={profile.relationships} />
      <Part id="growth" title={tt('typePage.sections.growth')} text={profile.growth} />
      {depth ? null : (
        <section className="type-section" aria-labelledby="more-title">
          <h2 id="more-title">{t('profile.moreTitle')}</h2>
          <p>{t('profile.moreBody')}</p>
        </section>
      )}
      {afterProfile?.({ orderNumber: profile.orderNumber, token })}
      <p className="personality-profile__order">{t('profile.order', { order: profile.orderNumber })}</p>
    </div>
  );
}

/** The paid personality profile: at the tier bought; unpaid or another browser's, the way to it instead. */
export function Component() {
  return <PersonalityReportScreen />;
}

/** The profile screen, with what the app composes under a paid profile (`afterProfile`). */
export function PersonalityReportScreen({ afterProfile }: { afterProfile?: AfterProfile }) {
  const { t } = useTranslation('personality-test');
  const scope = useScope();
  const [search] = useSearchParams();
  const orderNumber = orderFromSearch(search);
  const locale = useLocale();
  const { data } = useSuspenseQuery(personalityProfileQuery(orderNumber, search.get('token'), locale));
  if (data.profile) return <Profile profile={data.profile} token={search.get('token')} afterProfile={afterProfile} />;
  const denied = data.refused === 'REPORT_ACCESS_DENIED';
  return (
    <section className="status-screen container" aria-labelledby="profile-title">
      <PageTitle title={t(denied ? 'profile.deniedTitle' : 'profile.lockedTitle')} />
      <h1 id="profile-title">{t(denied ? 'profile.deniedTitle' : 'profile.lockedTitle')}</h1>
      <p>{t(denied ? 'profile.deniedLead' : 'profile.lockedLead')}</p>
      <AppLink
        to={
          denied
            ? buildHref('reportRetrieve', { scope: scope.value })
            : buildHref('payingScheme', { scope: scope.value }, { order: orderNumber })
        }
        className="button button--primary button--large"
      >
        {t(denied ? 'profile.deniedCta' : 'profile.lockedCta')}
      </AppLink>
    </section>
  );
}
