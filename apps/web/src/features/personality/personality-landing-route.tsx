import { useTranslation } from 'react-i18next';
import { buildHref } from '../../app/paths';
import { useScope } from '../../app/use-scope';
import { AppLink } from '../../components/app-link';
import { NumberedSteps } from '../../components/numbered-steps';
import { PageTitle } from '../../components/page-title';
import { MeasuredDuration } from './components/measured-duration';
import { MetaDescription } from './meta-description';
import { personalityTestStartHref } from './test-start';
import { ALL_TYPES, FAMILIES, slugOf, TYPES_BY_FAMILY, type TypeCode } from './type-catalogue';
import { TypeEmblem } from './type-emblem';
import '../../styles/personality.css';

const AXES = ['ei', 'sn', 'tf', 'jp'] as const;

function TypeCard({ code, scope }: { code: TypeCode; scope: string }) {
  const { t } = useTranslation('types');
  return (
    <li className="type-card">
      <TypeEmblem code={code} size={56} />
      <div className="type-card__text">
        <h4 className="type-card__name">
          <AppLink to={buildHref('personalityType', { type: slugOf(code), scope })} className="type-card__link">
            {t(`types.${code}.name`)}
          </AppLink>
        </h4>
        <p className="type-card__code">{code}</p>
        <p className="type-card__portrait">{t(`types.${code}.portrait`)}</p>
      </div>
    </li>
  );
}

/** The personality landing: the sixteen types in their families, what the test is, how long it takes. */
export function Component() {
  const { t } = useTranslation('types');
  const scope = useScope();
  const startHref = personalityTestStartHref();

  return (
    <div className="personality">
      <PageTitle title={t('meta.landingTitle')} />
      <MetaDescription content={t('meta.landingDescription')} />
      <section className="hero personality-hero">
        <div className="container hero__inner">
          <div className="hero__copy">
            <p className="eyebrow">{t('landing.eyebrow')}</p>
            <h1>{t('landing.title')}</h1>
            <p className="lead">{t('landing.lead')}</p>
            <p className="personality-hero__facts">{t('landing.facts')}</p>
            <AppLink to={startHref} className="button button--primary button--large">
              {t('landing.start')}
            </AppLink>
          </div>
          <div className="type-mosaic" aria-hidden="true">
            {ALL_TYPES.map((code) => (
              <TypeEmblem key={code} code={code} size={64} />
            ))}
          </div>
        </div>
      </section>

      <section className="container section" aria-labelledby="families-title">
        <h2 id="families-title">{t('landing.familiesTitle')}</h2>
        <p className="section__lead">{t('landing.familiesLead')}</p>
        {FAMILIES.map((family) => (
          <section key={family} className="type-family" data-family={family} aria-labelledby={`family-${family}`}>
            <h3 id={`family-${family}`} className="type-family__name">
              {t(`families.${family}.name`)}
            </h3>
            <p className="type-family__description">{t(`families.${family}.description`)}</p>
            <ul className="type-grid">
              {TYPES_BY_FAMILY[family].map((code) => (
                <TypeCard key={code} code={code} scope={scope.value} />
              ))}
            </ul>
          </section>
        ))}
      </section>

      <section className="section section--tinted" aria-labelledby="how-title">
        <div className="container">
          <h2 id="how-title">{t('landing.howTitle')}</h2>
          <NumberedSteps steps={(['how1', 'how2', 'how3'] as const).map((k) => ({ body: t(`landing.${k}`) }))} />
          <h3>{t('landing.durationTitle')}</h3>
          <p className="personality-duration">{t('landing.duration')}</p>
          <MeasuredDuration />
        </div>
      </section>

      <section className="container section" aria-labelledby="axes-title">
        <h2 id="axes-title">{t('landing.axesTitle')}</h2>
        <dl className="axis-list">
          {AXES.map((axis) => (
            <div key={axis} className="axis-list__item card">
              <dt>{t(`landing.axes.${axis}.title`)}</dt>
              <dd>{t(`landing.axes.${axis}.body`)}</dd>
            </div>
          ))}
        </dl>
      </section>

      <div className="container grid grid--2 type-is">
        <section className="card" aria-labelledby="type-is-title">
          <h2 id="type-is-title">{t('landing.isTitle')}</h2>
          <p>{t('landing.is')}</p>
        </section>
        <section className="card" aria-labelledby="type-is-not-title">
          <h2 id="type-is-not-title">{t('landing.isNotTitle')}</h2>
          <p>{t('landing.isNot')}</p>
        </section>
      </div>

      <section className="container section" aria-labelledby="cta-title">
        <div className="callout">
          <h2 id="cta-title">{t('landing.ctaTitle')}</h2>
          <p>{t('landing.ctaBody')}</p>
          <AppLink to={startHref} className="button button--primary button--large">
            {t('landing.start')}
          </AppLink>
        </div>
      </section>
    </div>
  );
}
