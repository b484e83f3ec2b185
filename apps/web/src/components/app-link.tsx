import { forwardRef } from 'react';
import { Link, type LinkProps, useLocation } from 'react-router';
import { pickKeptQuery, readConfig } from '../lib/persisted-config';
import { useHydrated } from '../lib/use-hydrated';

/**
 * Adds the kept query parameters (hl, logid, click ids) to an internal URL that lacks them: those of the
 * current page first, then those remembered from earlier pages.
 */
export function withKeptQuery(to: string, currentSearch = ''): string {
  const kept = { ...readConfig().keptQuery, ...pickKeptQuery(currentSearch) };
  const [pathAndQuery = '', hash] = to.split('#');
  const [path, query = ''] = pathAndQuery.split('?');
  const params = new URLSearchParams(query);
  for (const [k, v] of Object.entries(kept)) if (!params.has(k)) params.set(k, v);
  const qs = params.toString();
  return `${path}${qs ? `?${qs}` : ''}${hash ? `#${hash}` : ''}`;
}

/**
 * The hook form: links re-render with the page, so they always carry the current parameters. While a
 * prerendered page hydrates, the plain URL (as the static HTML has it); the visitor's parameters right after.
 */
export function useKeptHref(to: string): string {
  const search = useLocation().search;
  return useHydrated() ? withKeptQuery(to, search) : to;
}

/** The app's only internal link: tracking parameters survive every navigation. */
export const AppLink = forwardRef<HTMLAnchorElement, Omit<LinkProps, 'to'> & { to: string }>(function AppLink(
  { to, ...rest },
  ref,
) {
  return <Link ref={ref} to={useKeptHref(to)} {...rest} />;
});
