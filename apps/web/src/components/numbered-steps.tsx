/** An ordered list of steps with their numbers drawn as badges. */
export function NumberedSteps({ steps }: { steps: { title?: string; body: string }[] }) {
  return (
    <ol className="steps">
      {steps.map((step, i) => (
        <li key={step.body} className="steps__item">
          <span className="steps__number" aria-hidden="true">
            {i + 1}
          </span>
          {step.title ? <h3>{step.title}</h3> : null}
          <p>{step.body}</p>
        </li>
      ))}
    </ol>
  );
}
