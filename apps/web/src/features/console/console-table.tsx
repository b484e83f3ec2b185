import { type ReactNode, useId } from 'react';
import { useErrorMessage } from '../../lib/use-error-message';

interface ConsoleTableProps {
  /** The table's name: shown above it, or (`captionHidden`) read only by screen readers. */
  caption: string;
  captionHidden?: boolean;
  /** The column headings, in order; an actions column (`hidden`) is named for screen readers only. */
  columns: (string | { hidden: string })[];
  /** The rows (`<tr>`s). */
  children: ReactNode;
  /** What follows the table inside its region: "more than shown", an action's error. */
  after?: ReactNode;
}

/**
 * Every console panel's table. Wider than a phone, its region scrolls, so the region takes the keyboard's
 * focus (arrow keys scroll it) and is named by the caption.
 */
export function ConsoleTable({ caption, captionHidden = false, columns, children, after }: ConsoleTableProps) {
  const captionId = useId();
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard (WCAG 2.1.1)
    <section className="console__table-wrap" tabIndex={0} aria-labelledby={captionId}>
      <table className="console__table">
        <caption id={captionId} className={captionHidden ? 'visually-hidden' : undefined}>
          {caption}
        </caption>
        <thead>
          <tr>
            {columns.map((c) => (
              <th scope="col" key={typeof c === 'string' ? c : c.hidden}>
                {typeof c === 'string' ? c : <span className="visually-hidden">{c.hidden}</span>}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
      {after}
    </section>
  );
}

/** A failed call of a panel (its query or an action) as one alert line; nothing when it did not fail. */
export function ConsoleError({ error }: { error: unknown }) {
  const errorMessage = useErrorMessage();
  return error ? <p role="alert">{errorMessage(error)}</p> : null;
}
