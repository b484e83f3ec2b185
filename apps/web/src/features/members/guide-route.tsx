import { useTranslation } from 'react-i18next';
import type { LoaderFunctionArgs } from 'react-router';
import { buildHref } from '../../app/paths';
import { scopeFromParams } from '../../app/scope-from-params';
import { useScope } from '../../app/use-scope';
import { AppLink } from '../../components/app-link';
import { PageTitle } from '../../components/page-title';

export function loader({ params }: LoaderFunctionArgs) {
  scopeFromParams(params);
  return null;
}

const SECTIONS = ['does', 'doesNot', 'how', 'habits'] as const;

/**
 * The brain-training guide: what practice on matrix puzzles does and does not do. The spec's claim slot
 * ("IQ boost up to 43%") says only what the evidence supports (product-stance.md).
 */
export function Component() {
  const { t } = useTranslation('members');
  const scope = useScope();
  return (
    <article className="container page members-page members-guide">
      <PageTitle title={t('guide.title')} />
      <p>
        <AppLink to={buildHref('members', { scope: scope.value })}>{t('page.back')}</AppLink>
      </p>
      <h1>{t('guide.title')}</h1>
      <p className="lead" data-testid="guide-claim">
        {t('guide.claim')}
      </p>
      {SECTIONS.map((s) => (
        <section key={s}>
          <h2>{t(`guide.${s}Title`)}</h2>
          <p>{t(`guide.${s}`)}</p>
        </section>
      ))}
      <p className="meta">{t('guide.sources')}</p>
    </article>
  );
}
