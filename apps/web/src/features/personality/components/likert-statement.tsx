import { LIKERT_CHOICES } from '@mindgauge/contract';
import { useTranslation } from 'react-i18next';

const SCALE = ['stronglyDisagree', 'disagree', 'neutral', 'agree', 'stronglyAgree'] as const;

/**
 * One statement and its agreement scale: a fieldset of native radio buttons sharing one name, so a screen
 * reader announces the statement as the group's name and arrow keys move along the scale.
 */
export function LikertStatement(props: {
  id: string;
  number: number;
  text: string;
  value: number | null;
  missing: boolean;
  onChoose: (choice: number) => void;
}) {
  const { t } = useTranslation('personality-test');
  const { id, number, text, value, missing, onChoose } = props;
  return (
    <fieldset className="likert" data-missing={missing || undefined} id={`statement-${id}`}>
      <legend className="likert__statement">
        <span className="likert__number">{t('test.statementNumber', { number })}</span>
        <span className="likert__text">{text}</span>
      </legend>
      <div className="likert__scale">
        {Array.from({ length: LIKERT_CHOICES }, (_, choice) => {
          const inputId = `likert-${id}-${choice}`;
          const key = SCALE[choice] ?? 'neutral';
          return (
            <label key={key} htmlFor={inputId} className="likert__option" data-choice={choice}>
              <input
                id={inputId}
                type="radio"
                name={`likert-${id}`}
                value={choice}
                checked={value === choice}
                onChange={() => onChoose(choice)}
              />
              <span>{t(`test.scale.${key}`)}</span>
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}
