import { useEffect } from 'react';

/**
 * Sets the page's <meta name="description"> while the screen is shown (search results and link previews
 * read it), and puts back the site's own when the visitor leaves.
 */
export function MetaDescription({ content }: { content: string }) {
  useEffect(() => {
    let tag = document.querySelector<HTMLMetaElement>('meta[name="description"]');
    const created = !tag;
    if (!tag) {
      tag = document.createElement('meta');
      tag.name = 'description';
      document.head.append(tag);
    }
    const previous = tag.content;
    tag.content = content;
    return () => {
      if (created) tag.remove();
      else tag.content = previous;
    };
  }, [content]);
  return null;
}
