import { formatScope, PERSONALITY_APP_CODE, PERSONALITY_EXAM_ID, type TSharedResult } from '@mindgauge/contract';
import { useTranslation } from 'react-i18next';
import { buildHref } from '../../../app/paths';
import { AppLink } from '../../../components/app-link';
import { PageTitle } from '../../../components/page-title';
import { formatDate } from '../../../i18n/format-date';
import { useLocale } from '../../../i18n/use-locale';
import { slugOf, type TypeCode } from '../type-catalogue';
import { TypeEmblem } from '../type-emblem';
import '../../../styles/personality.css';

/** A pole's letter (the contract says one character; the server sends one of these eight). */
type Pole = 'E' | 'I' | 'S' | 'N' | 'T' | 'F' | 'J' | 'P';

const SCOPE = formatScope({ code: PERSONALITY_APP_CODE, examId: PERSONALITY_EXAM_ID });

/**
 * What a personality share link shows: the type (letters, name, family, emblem), the axes' leans only when
 * the owner chose to show them, and what a type is and is not. Nothing else of the profile or the person.
 */
export function SharedType({
  result,
}: {
  result: TSharedResult & { personality: NonNullable<TSharedResult['personality']> };
}) {
  const { t } = useTranslation('personality-share');
  const { t: tp } = useTranslation('personality-test');
  const { t: tt } = useTranslation('types');
  const locale = useLocale();
  const p = result.personality;
  const code = p.type as TypeCode;
  return (
    <article
      className="container page personality-result shared-type"
      data-family={p.family}
      aria-labelledby="shared-title"
    >
      <PageTitle title={`${t('page.title')}: ${code}`} />
      <p className="eyebrow">{t('page.title')}</p>
      <p className="lead">{t('page.lead')}</p>
      <header className="type-hero">
        <TypeEmblem code={code} size={112} label={tt('typePage.emblemLabel', { name: p.name })} />
        <div>
          <p className="meta">{result.examName}</p>
          <h1 id="shared-title" data-testid="shared-type">
            <span className="type-hero__code">{code}</span> <span>{p.name}</span>
          </h1>
          <p data-testid="shared-family">{tt('typePage.familyLabel', { family: p.familyName })}</p>
          <p className="lead">{p.portrait}</p>
          <p className="meta">{t('page.takenOn', { date: formatDate(result.takenAt, locale) })}</p>
        </div>
      </header>

      <section className="type-section" aria-labelledby="leans-title">
        <h2 id="leans-title">{t('page.leansTitle')}</h2>
        {p.axes ? (
          <ul className="shared-type__leans" data-testid="shared-leans">
            {p.axes.map((a) => (
              <li key={a.axis}>
                <strong>{tp(`axis.${a.axis}`)}</strong>:{' '}
                {tp('result.axisShare', { pole: tp(`pole.${a.letter as Pole}`), percent: a.leanPercent })}
                {a.borderline ? <span className="meta"> {tp('result.borderline')}</span> : null}
              </li>
            ))}
          </ul>
        ) : (
          <p className="meta">{t('page.leansHidden')}</p>
        )}
      </section>

      <section className="type-section" aria-labelledby="what-title">
        <h2 id="what-title">{tp('result.whatTitle')}</h2>
        <p>{tp('result.what')}</p>
      </section>

      <div className="button-row">
        <AppLink
          to={buildHref('personalityLanding', { scope: SCOPE })}
          className="button button--primary button--large"
        >
          {t('page.cta')}
        </AppLink>
        <AppLink to={buildHref('personalityType', { type: slugOf(code), scope: SCOPE })}>
          {t('page.typeLink', { name: p.name })}
        </AppLink>
      </div>
    </article>
  );
}
