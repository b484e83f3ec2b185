import type { TAnalysisItem } from '@mindgauge/contract';
import { useSuspenseQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { type LoaderFunctionArgs, useSearchParams } from 'react-router';
import { orderFromSearch } from '../../app/order-from-search';
import { buildHref } from '../../app/paths';
import { scopeFromParams } from '../../app/scope-from-params';
import type { ScreenContext } from '../../app/screens';
import { useQueryParam } from '../../app/use-query-param';
import { useScope } from '../../app/use-scope';
import { AppLink } from '../../components/app-link';
import { MatrixGrid } from '../../components/matrix-grid';
import { PageTitle } from '../../components/page-title';
import { localeFromRequest, useLocale } from '../../i18n/use-locale';
import { answerAnalysisQuery } from './api/get-answer-analysis';

export async function loader({ params, request }: LoaderFunctionArgs, { queryClient }: ScreenContext) {
  scopeFromParams(params);
  const search = new URL(request.url).searchParams;
  await queryClient.ensureQueryData(
    answerAnalysisQuery(orderFromSearch(search), search.get('token'), localeFromRequest(request)),
  );
  return null;
}

const letter = (i: number) => String.fromCharCode(65 + i);

function statusKey(item: TAnalysisItem) {
  return item.choice === null
    ? 'wrong.questionUnanswered'
    : item.correct
      ? 'wrong.questionRight'
      : 'wrong.questionWrong';
}

/** Answer analysis: a question picker, the question drawn again, the correct and the chosen answer, the rules. */
export function Component() {
  const { t } = useTranslation('report');
  const scope = useScope();
  const locale = useLocale();
  const [search] = useSearchParams();
  const [question, setQuestion] = useQueryParam('q');
  const orderNumber = orderFromSearch(search);
  const token = search.get('token');
  const { data } = useSuspenseQuery(answerAnalysisQuery(orderNumber, token, locale));
  const reportHref = buildHref(
    'reportResult',
    { scope: scope.value },
    { order: orderNumber, ...(token ? { token } : {}) },
  );

  if (!data.analysis) {
    return (
      <section className="status-screen container" aria-labelledby="wrong-title">
        <PageTitle title={t('wrong.title')} />
        <h1 id="wrong-title">{t('wrong.title')}</h1>
        <p>{data.refused === 'NOT_IN_TIER' ? t('wrong.notIncluded') : t('denied.lead')}</p>
        <div className="button-row">
          {data.refused === 'NOT_IN_TIER' ? (
            <AppLink
              to={buildHref(
                'payingPackage',
                { scope: scope.value },
                { order: orderNumber, step: 'answerAnalysis', ...(token ? { token } : {}) },
              )}
              className="button button--primary"
            >
              {t('wrong.unlock')}
            </AppLink>
          ) : null}
          <AppLink to={reportHref} className="button button--secondary">
            {t('wrong.back')}
          </AppLink>
        </div>
      </section>
    );
  }

  const { items, correct, total } = data.analysis;
  // The first question answered wrong opens first: that is what the visitor came for.
  const firstWrong = items.findIndex((i) => !i.correct);
  const wanted = Number(question);
  const index =
    Number.isInteger(wanted) && wanted >= 1 && wanted <= items.length ? wanted - 1 : Math.max(0, firstWrong);
  const item = items[index] as TAnalysisItem;
  const select = (i: number) => setQuestion(String(i + 1));

  return (
    <article className="container page analysis" aria-labelledby="wrong-title">
      <PageTitle title={t('wrong.title')} />
      <h1 id="wrong-title">{t('wrong.title')}</h1>
      <p className="lead">{t('wrong.lead', { correct, total })}</p>
      <nav aria-label={t('wrong.pickerLabel')}>
        <ol className="question-picker">
          {items.map((it, i) => (
            <li key={it.index}>
              <button
                type="button"
                className="question-picker__item"
                data-state={it.choice === null ? 'unanswered' : it.correct ? 'right' : 'wrong'}
                aria-current={i === index ? 'true' : undefined}
                aria-label={t(statusKey(it), { number: i + 1 })}
                onClick={() => select(i)}
              >
                {i + 1}
              </button>
            </li>
          ))}
        </ol>
      </nav>
      <section className="card analysis__item" aria-labelledby="question-title" aria-live="polite">
        <h2 id="question-title">{t(statusKey(item), { number: index + 1 })}</h2>
        <MatrixGrid context={item.context} number={index + 1} />
        <h3>{t('wrong.optionsLabel')}</h3>
        <ul className="analysis__options">
          {item.options.map((svg, i) => (
            <li
              key={i}
              className="analysis__option"
              data-correct={i === item.answerIndex || undefined}
              data-chosen={i === item.choice || undefined}
            >
              {/* The drawings come from our own engine (presentation attributes only, no script). */}
              <span className="analysis__svg" aria-hidden="true" dangerouslySetInnerHTML={{ __html: svg }} />
              <span className="analysis__letter">
                {letter(i)}
                {i === item.answerIndex ? <strong> · {t('wrong.correctMark')}</strong> : null}
                {i === item.choice && i !== item.answerIndex ? <em> · {t('wrong.yourMark')}</em> : null}
              </span>
            </li>
          ))}
        </ul>
        <p data-testid="analysis-correct">{t('wrong.correctAnswer', { letter: letter(item.answerIndex) })}</p>
        <p data-testid="analysis-yours">
          {item.choice === null ? t('wrong.noAnswer') : t('wrong.yourAnswer', { letter: letter(item.choice) })}
        </p>
        <h3>{t('wrong.rulesTitle')}</h3>
        <ul className="analysis__rules">
          {item.explanations.map((e) => (
            <li key={e}>{e}</li>
          ))}
        </ul>
        <div className="analysis__nav">
          <button type="button" className="button" disabled={index === 0} onClick={() => select(index - 1)}>
            {t('wrong.previous')}
          </button>
          <button
            type="button"
            className="button"
            disabled={index === items.length - 1}
            onClick={() => select(index + 1)}
          >
            {t('wrong.next')}
          </button>
        </div>
      </section>
      <AppLink to={reportHref}>{t('wrong.back')}</AppLink>
    </article>
  );
}
