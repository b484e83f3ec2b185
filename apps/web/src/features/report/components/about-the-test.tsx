import type { TOrderInfo } from '@mindgauge/contract';
import { useId } from 'react';

/**
 * The report's "about the test": how the number was estimated, how precise it is (with the test's
 * reliability), how the questions were chosen, and the rest of the PDF's about pages. The texts come from the
 * server, the same function the PDF prints them with, in the report's language.
 */
export function AboutTheTest({ about }: { about: TOrderInfo['about'] }) {
  const id = useId();
  return (
    <section className="card about-test" aria-labelledby={`${id}-title`} data-testid="about-the-test">
      <h2 id={`${id}-title`}>{about.title}</h2>
      {about.parts.map((part) => (
        <section key={part.id} data-part={part.id} aria-labelledby={`${id}-${part.id}`}>
          <h3 id={`${id}-${part.id}`}>{part.title}</h3>
          <p>{part.text}</p>
        </section>
      ))}
    </section>
  );
}
