import { type KeyboardEvent, useRef } from 'react';

interface OptionGroupProps {
  label: string;
  /** Six SVG documents, each carrying its accessible name in <title>. */
  options: readonly string[];
  names: readonly string[];
  value: number | null;
  onChoose: (index: number) => void;
  disabled?: boolean;
}

/**
 * The six answer options as one radio group: a single tab stop, arrow keys move between options, Enter or
 * Space chooses (a click or tap chooses too). Screen readers hear each option's name and whether it is chosen.
 */
export function OptionGroup({ label, options, names, value, onChoose, disabled }: OptionGroupProps) {
  const refs = useRef<(HTMLButtonElement | null)[]>([]);
  const focusable = value ?? 0;

  function onKeyDown(e: KeyboardEvent<HTMLButtonElement>, index: number) {
    const last = options.length - 1;
    const move = (to: number) => {
      e.preventDefault();
      refs.current[to]?.focus();
    };
    switch (e.key) {
      case 'ArrowRight':
      case 'ArrowDown':
        return move(index === last ? 0 : index + 1);
      case 'ArrowLeft':
      case 'ArrowUp':
        return move(index === 0 ? last : index - 1);
      case 'Home':
        return move(0);
      case 'End':
        return move(last);
      case 'Enter':
      case ' ':
        e.preventDefault();
        if (!disabled) onChoose(index);
        return;
    }
  }

  return (
    <div role="radiogroup" aria-label={label} className="option-group" aria-disabled={disabled || undefined}>
      {options.map((svg, i) => (
        // biome-ignore lint/a11y/useSemanticElements: a button radio gives Enter/Space to choose while arrows only move focus.
        <button
          key={i}
          ref={(el) => {
            refs.current[i] = el;
          }}
          type="button"
          role="radio"
          aria-checked={value === i}
          aria-label={names[i]}
          tabIndex={i === focusable ? 0 : -1}
          className="option-group__option"
          onClick={() => !disabled && onChoose(i)}
          onKeyDown={(e) => onKeyDown(e, i)}
        >
          <span className="option-group__letter" aria-hidden="true">
            {String.fromCharCode(65 + i)}
          </span>
          {/* The drawing comes from our own engine, never from user input. */}
          <span className="option-group__svg" aria-hidden="true" dangerouslySetInnerHTML={{ __html: svg }} />
        </button>
      ))}
    </div>
  );
}
