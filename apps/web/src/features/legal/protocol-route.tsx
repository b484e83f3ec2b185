import { useTranslation } from 'react-i18next';
import { type LoaderFunctionArgs, useParams } from 'react-router';
import { privacyAndAgreementQuery, protocolQuery, usePrivacyAndAgreement, useProtocol } from '../../api/get-protocols';
import { buildHref } from '../../app/paths';
import { scopeFromParams } from '../../app/scope-from-params';
import type { ScreenContext } from '../../app/screens';
import { useScope } from '../../app/use-scope';
import { AppLink } from '../../components/app-link';
import { PageTitle } from '../../components/page-title';
import { RichText } from '../../components/rich-text';
import { formatDate } from '../../i18n/format-date';
import { localeFromRequest, useLocale } from '../../i18n/use-locale';

type Kind = 'terms' | 'privacy';

export async function loader({ params, request }: LoaderFunctionArgs, { queryClient }: ScreenContext) {
  const scope = scopeFromParams(params);
  const hl = localeFromRequest(request);
  const pair = await queryClient.ensureQueryData(privacyAndAgreementQuery(scope.examId, hl));
  await queryClient.ensureQueryData(protocolQuery(pair[params.kind as Kind].id, hl));
  return null;
}

/** The terms of service or the privacy policy of the exam, in the visitor's language. */
export function Component() {
  const { t } = useTranslation();
  const scope = useScope();
  const locale = useLocale();
  const kind = (useParams().kind === 'privacy' ? 'privacy' : 'terms') satisfies Kind;
  const other: Kind = kind === 'terms' ? 'privacy' : 'terms';
  const { data: pair } = usePrivacyAndAgreement(scope.examId, locale);
  const { data: doc } = useProtocol(pair[kind].id, locale);

  return (
    <div className="container page page--narrow">
      <PageTitle title={doc.title} />
      <article className="article card legal">
        <header className="article__header">
          <h1>{doc.title}</h1>
          <p className="meta">
            {t('protocol.version', { version: doc.version, date: formatDate(doc.effectiveDate, locale) })}
          </p>
        </header>
        <RichText source={doc.body} scope={scope.value} />
      </article>
      <p className="related">
        <AppLink to={buildHref('protocol', { scope: scope.value, kind: other })}>
          {t('protocol.otherDocument', { title: pair[other].title })}
        </AppLink>
      </p>
    </div>
  );
}
