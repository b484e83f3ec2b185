import { DEFAULT_EXAM_ID, type Locale } from '@mindgauge/contract';
import type { Translator } from '../../i18n/translator';
import { pageUrl } from '../../lib/page-url';
import { escapeHtml } from './escape-html';

export interface RenderedEmail {
  subject: string;
  html: string;
  text: string;
}

export interface EmailBlock {
  /** A paragraph of plain text (escaped in HTML). */
  text?: string;
  /** A quoted block: the visitor's own words. */
  quote?: string;
  /** A call to action. */
  link?: { label: string; href: string };
}

export interface LayoutInput {
  locale: Locale;
  subject: string;
  preheader?: string;
  name?: string;
  blocks: EmailBlock[];
  siteUrl: string;
}

/**
 * The one e-mail layout: a simple, accessible, single-column HTML body with inline styles (mail clients
 * ignore style sheets) and the same content as plain text.
 */
export function renderLayout(t: Translator, input: LayoutInput): RenderedEmail {
  const tt = (key: string, o?: Record<string, unknown>) => t.t(input.locale, key, o);
  const greeting = input.name ? tt('email:layout.greeting', { name: input.name }) : tt('email:layout.greetingNoName');
  const host = new URL(input.siteUrl).host;
  const footer = tt('email:layout.footer', { site: host });
  const helpHref = pageUrl(input.siteUrl, 'help', DEFAULT_EXAM_ID, { hl: input.locale });

  const htmlBlocks = input.blocks
    .map((b) => {
      if (b.quote !== undefined)
        return `<blockquote style="margin:16px 0;padding:12px 16px;border-left:4px solid #c7c9f5;background:#f6f6fd;white-space:pre-wrap">${escapeHtml(b.quote)}</blockquote>`;
      if (b.link)
        return `<p style="margin:24px 0"><a href="${escapeHtml(b.link.href)}" style="display:inline-block;padding:12px 20px;background:#3b3fc4;color:#ffffff;border-radius:8px;text-decoration:none;font-weight:600">${escapeHtml(b.link.label)}</a></p>`;
      return `<p style="margin:0 0 16px">${escapeHtml(b.text ?? '')}</p>`;
    })
    .join('\n');

  const html = `<!doctype html>
<html lang="${escapeHtml(input.locale)}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeHtml(input.subject)}</title></head>
<body style="margin:0;padding:0;background:#f3f4f8;font-family:-apple-system,'Segoe UI',Roboto,'Noto Sans','Noto Sans CJK SC',sans-serif;color:#1d1e2c;line-height:1.5">
<span style="display:none;max-height:0;overflow:hidden">${escapeHtml(input.preheader ?? '')}</span>
<div role="article" aria-label="${escapeHtml(input.subject)}" style="max-width:560px;margin:0 auto;padding:24px 16px">
<p style="font-size:20px;font-weight:700;color:#3b3fc4;margin:0 0 24px">Mindgauge</p>
<div style="background:#ffffff;border-radius:12px;padding:24px">
<p style="margin:0 0 16px">${escapeHtml(greeting)}</p>
${htmlBlocks}
<p style="margin:24px 0 0">${escapeHtml(tt('email:layout.signature'))}</p>
</div>
<p style="font-size:12px;color:#5c5f73;margin:16px 0 0">${escapeHtml(footer)} <a href="${escapeHtml(helpHref)}" style="color:#3b3fc4">${escapeHtml(tt('email:layout.helpLink'))}</a></p>
</div></body></html>`;

  const text = [
    greeting,
    '',
    ...input.blocks.flatMap((b) => {
      if (b.quote !== undefined) return [b.quote.replace(/^/gm, '> '), ''];
      if (b.link) return [`${b.link.label}: ${b.link.href}`, ''];
      return [b.text ?? '', ''];
    }),
    tt('email:layout.signature'),
    '',
    '--',
    `${footer} ${helpHref}`,
  ].join('\n');

  return { subject: input.subject, html, text };
}
