import type { ReactNode } from 'react';
import { buildHref, type RouteKey, type RouteParams } from '../app/paths';
import { isRegistered } from '../app/screens';
import { AppLink } from './app-link';

/** Link targets the content may use as `(route:name)`; resolved against the route registry. */
const CONTENT_LINKS: Record<string, { route: RouteKey; params?: RouteParams }> = {
  cancelSubscription: { route: 'cancelSubscription' },
  support: { route: 'support' },
  retrieveReport: { route: 'reportRetrieve' },
  help: { route: 'help' },
  privacy: { route: 'protocol', params: { kind: 'privacy' } },
  terms: { route: 'protocol', params: { kind: 'terms' } },
};

const INLINE = /\*\*(.+?)\*\*|\[([^\]]+)\]\(([^)\s]+)\)/g;

/** Bold and links only; everything else is text, so content can never inject markup. */
function inline(text: string, scope: string): ReactNode[] {
  const out: ReactNode[] = [];
  let last = 0;
  for (const m of text.matchAll(INLINE)) {
    const at = m.index ?? 0;
    if (at > last) out.push(text.slice(last, at));
    if (m[1] !== undefined) out.push(<strong key={at}>{m[1]}</strong>);
    else {
      const [label, target] = [m[2] ?? '', m[3] ?? ''];
      const routeLink = target.startsWith('route:') ? CONTENT_LINKS[target.slice(6)] : undefined;
      if (routeLink && isRegistered(routeLink.route)) {
        out.push(
          <AppLink key={at} to={buildHref(routeLink.route, { scope, ...routeLink.params })}>
            {label}
          </AppLink>,
        );
      } else if (target.startsWith('/') && !target.startsWith('//')) {
        out.push(
          <AppLink key={at} to={target}>
            {label}
          </AppLink>,
        );
      } else {
        // A screen that does not exist yet: the words stay, the link does not.
        out.push(label);
      }
    }
    last = at + m[0].length;
  }
  if (last < text.length) out.push(text.slice(last));
  return out;
}

/**
 * Renders the light markdown of help articles and legal documents: `## ` headings, paragraphs, `- ` lists,
 * `**bold**` and `[links](route:name)`.
 */
export function RichText({ source, scope, headingLevel = 2 }: { source: string; scope: string; headingLevel?: 2 | 3 }) {
  const H = headingLevel === 2 ? 'h2' : 'h3';
  const blocks: ReactNode[] = [];
  const lines = source.split('\n');
  let list: string[] = [];
  let para: string[] = [];
  const flushPara = () => {
    if (para.length) blocks.push(<p key={`p${blocks.length}`}>{inline(para.join(' '), scope)}</p>);
    para = [];
  };
  const flushList = () => {
    if (list.length)
      blocks.push(
        <ul key={`l${blocks.length}`}>
          {list.map((item, i) => (
            <li key={i}>{inline(item, scope)}</li>
          ))}
        </ul>,
      );
    list = [];
  };
  for (const raw of lines) {
    const line = raw.trim();
    if (line.startsWith('## ')) {
      flushPara();
      flushList();
      blocks.push(<H key={`h${blocks.length}`}>{inline(line.slice(3), scope)}</H>);
    } else if (line.startsWith('- ')) {
      flushPara();
      list.push(line.slice(2));
    } else if (line === '') {
      flushPara();
      flushList();
    } else {
      flushList();
      para.push(line);
    }
  }
  flushPara();
  flushList();
  return <div className="rich-text">{blocks}</div>;
}
