import { useSearchParams } from 'react-router';

/**
 * One query parameter as the state of a screen (a tab, a question number): changing it replaces the history
 * entry and keeps focus and scroll where they are, as a control on the page should.
 */
export function useQueryParam(name: string): [string | null, (value: string | null) => void] {
  const [search, setSearch] = useSearchParams();
  const set = (value: string | null) =>
    setSearch(
      (prev) => {
        const q = new URLSearchParams(prev);
        if (value === null) q.delete(name);
        else q.set(name, value);
        return q;
      },
      { replace: true, preventScrollReset: true, state: { keepFocus: true } },
    );
  return [search.get(name), set];
}
