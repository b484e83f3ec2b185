import type { TMemberResult, TMemberTask } from '@mindgauge/contract';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { LoaderFunctionArgs } from 'react-router';
import { buildHref, type RouteKey } from '../../app/paths';
import { scopeFromParams } from '../../app/scope-from-params';
import { useScope } from '../../app/use-scope';
import { AppLink } from '../../components/app-link';
import { useLocale } from '../../i18n/use-locale';
import { overviewQuery } from './api/members-api';
import { formatDate, resultLine } from './components/members-format';
import { MembersShell } from './components/members-shell';

export function loader({ params }: LoaderFunctionArgs) {
  scopeFromParams(params);
  return null;
}

const TASKS: { task: TMemberTask; route: RouteKey }[] = [
  { task: 'practice', route: 'membersPractice' },
  { task: 'memory', route: 'membersMemory' },
  { task: 'reaction', route: 'membersReaction' },
];

/**
 * The members' page: the three free tests with every result and its date, and the weekly training. A
 * visitor sees the same list, what each test is, and how to get them (a free account).
 */
export function Component() {
  const { t } = useTranslation('members');
  const scope = useScope();
  const locale = useLocale();
  const overview = useQuery(overviewQuery());
  const href = (route: RouteKey, query: Record<string, string> = {}) => buildHref(route, { scope: scope.value }, query);
  const signedIn = overview.data != null;

  return (
    <MembersShell
      title={t('page.title')}
      overview={{ lead: t('page.lead') }}
      visitorActions={(from) => (
        <div className="button-row">
          <AppLink className="button button--primary" to={href('userRegister', { from })}>
            {t('visitor.register')}
          </AppLink>
          <AppLink className="button button--secondary" to={href('userLogin', { from })}>
            {t('visitor.login')}
          </AppLink>
        </div>
      )}
    >
      <h2>{t('page.freeTitle')}</h2>
      <ul className="members-tests">
        {TASKS.map(({ task, route }) => {
          const results: TMemberResult[] = overview.data?.results[task] ?? [];
          return (
            <li key={task} className="card members-test" data-task={task}>
              <h3>{t(`tests.${task}.name`)}</h3>
              <p>{t(`tests.${task}.what`)}</p>
              <p className="meta">{t(`tests.${task}.length`)}</p>
              {signedIn ? (
                <>
                  {results.length > 0 ? (
                    <>
                      <h4>{t('results.title')}</h4>
                      <ul className="members-results" data-testid={`results-${task}`}>
                        {results.map((r) => (
                          <li key={r.takenAt}>
                            <time dateTime={r.takenAt}>{formatDate(r.takenAt, locale)}</time>: {resultLine(t, r.result)}
                          </li>
                        ))}
                      </ul>
                    </>
                  ) : (
                    <p className="meta">{t('results.none')}</p>
                  )}
                  <AppLink className="button button--primary" to={href(route)}>
                    {results.length > 0 ? t('tests.retake') : t('tests.start')}
                    <span className="visually-hidden">: {t(`tests.${task}.name`)}</span>
                  </AppLink>
                </>
              ) : null}
            </li>
          );
        })}
      </ul>
      <section className="card members-training-card" aria-labelledby="members-training-title">
        <h2 id="members-training-title">{t('trainingCard.title')}</h2>
        <p>{t('trainingCard.what')}</p>
        {overview.data ? (
          overview.data.training.open ? (
            <>
              <p data-testid="training-access">
                {overview.data.training.until
                  ? t(overview.data.training.via === 'vip' ? 'trainingCard.openVipUntil' : 'trainingCard.openUntil', {
                      date: formatDate(overview.data.training.until, locale),
                    })
                  : t('trainingCard.open')}
              </p>
              <AppLink className="button button--primary" to={href('membersTraining')}>
                {t('trainingCard.go')}
              </AppLink>
            </>
          ) : (
            <p data-testid="training-access">{t('trainingCard.locked')}</p>
          )
        ) : (
          <p>{t('trainingCard.locked')}</p>
        )}
      </section>
      <p>
        <AppLink to={href('membersGuide')}>{t('guide.link')}</AppLink>
      </p>
    </MembersShell>
  );
}
