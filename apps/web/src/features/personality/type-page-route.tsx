import { useTranslation } from 'react-i18next';
import { data, type LoaderFunctionArgs, useParams } from 'react-router';
import { buildHref, PERSONALITY_TYPES, type PersonalityTypeSlug } from '../../app/paths';
import { useScope } from '../../app/use-scope';
import { AppLink } from '../../components/app-link';
import { CopyLink } from '../../components/copy-link';
import { PageTitle } from '../../components/page-title';
import { useLocale } from '../../i18n/use-locale';
import { MetaDescription } from './meta-description';
import { personalityTestStartHref } from './test-start';
import { familyOf, polesOf, slugOf, TYPE_SECTIONS, TYPES_BY_FAMILY, typeCodeOf } from './type-catalogue';
import { TypeEmblem } from './type-emblem';
import '../../styles/personality.css';

function isTypeSlug(value: string | undefined): value is PersonalityTypeSlug {
  return (PERSONALITY_TYPES as readonly string[]).includes(value ?? '');
}

/** An unknown type is the 404 page (the router's match check says so too; this keeps the screen honest alone). */
export function loader({ params }: LoaderFunctionArgs) {
  if (!isTypeSlug(params.type)) throw data(null, { status: 404 });
  return null;
}

/** A shareable page per type: its portrait, strengths, blind spots, work, relationships and growth. */
export function Component() {
  const { t } = useTranslation('types');
  const { t: tc } = useTranslation();
  const params = useParams();
  const scope = useScope();
  const locale = useLocale();
  const slug: PersonalityTypeSlug = isTypeSlug(params.type) ? params.type : 'istj';
  const code = typeCodeOf(slug);
  const family = familyOf(code);
  const name = t(`types.${code}.name`);
  const portrait = t(`types.${code}.portrait`);
  const href = buildHref('personalityType', { type: slug, scope: scope.value });
  // The shared link opens the page in the language it was read in.
  const shareUrl = `${location.origin}${href}?hl=${locale}`;
  const siblings = TYPES_BY_FAMILY[family].filter((c) => c !== code);
  const startHref = personalityTestStartHref();

  return (
    <div className="container page personality-type" data-family={family}>
      <PageTitle title={t('meta.typeTitle', { code, name })} />
      <MetaDescription content={t('meta.typeDescription', { code, name, portrait })} />
      <nav aria-label={tc('a11y.breadcrumb')} className="breadcrumb">
        <ol>
          <li>
            <AppLink to={buildHref('personalityLanding', { scope: scope.value })}>{t('typePage.backToAll')}</AppLink>
          </li>
          <li aria-current="page">{name}</li>
        </ol>
      </nav>

      <header className="type-hero">
        <TypeEmblem code={code} size={112} label={t('typePage.emblemLabel', { name })} />
        <div>
          <p className="eyebrow">
            <span className="type-hero__code">{code}</span>
            <span>{t('typePage.familyLabel', { family: t(`families.${family}.name`) })}</span>
          </p>
          <h1>{name}</h1>
          <p className="lead">{portrait}</p>
        </div>
      </header>

      <section className="type-section" aria-labelledby="letters-title">
        <h2 id="letters-title">{t('typePage.lettersTitle')}</h2>
        <ul className="type-letters">
          {polesOf(code).map((pole) => (
            <li key={pole}>
              <span className="type-letters__letter" aria-hidden="true">
                {pole.toUpperCase()}
              </span>
              <span>{t(`poles.${pole}`)}</span>
            </li>
          ))}
        </ul>
      </section>

      {TYPE_SECTIONS.map((section) => (
        <section key={section} className="type-section" aria-labelledby={`section-${section}`}>
          <h2 id={`section-${section}`}>{t(`typePage.sections.${section}`)}</h2>
          <p>{t(`types.${code}.${section}`)}</p>
        </section>
      ))}

      <p className="type-caveat">{t('typePage.caveat')}</p>

      <section className="callout" aria-labelledby="type-cta-title">
        <h2 id="type-cta-title">{t('typePage.ctaTitle')}</h2>
        <p>{t('typePage.ctaBody')}</p>
        <AppLink to={startHref} className="button button--primary button--large">
          {t('landing.start')}
        </AppLink>
      </section>

      <section className="type-section" aria-labelledby="siblings-title">
        <h2 id="siblings-title">{t('typePage.siblingsTitle')}</h2>
        <ul className="type-siblings">
          {siblings.map((c) => (
            <li key={c}>
              <AppLink to={buildHref('personalityType', { type: slugOf(c), scope: scope.value })}>
                <TypeEmblem code={c} size={40} />
                <span>
                  {t(`types.${c}.name`)} <span className="type-siblings__code">({c})</span>
                </span>
              </AppLink>
            </li>
          ))}
        </ul>
      </section>

      <section className="type-section" aria-labelledby="share-title">
        <h2 id="share-title">{t('typePage.shareTitle')}</h2>
        <CopyLink url={shareUrl} label={t('typePage.shareLabel')} />
      </section>
    </div>
  );
}
