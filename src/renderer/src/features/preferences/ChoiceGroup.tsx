import { useId } from 'react';

export interface Choice<T extends string> {
  value: T;
  label: string;
}

interface ChoiceGroupProps<T extends string> {
  /** Visible as the card title elsewhere; here it names the radio group for screen readers. */
  legend: string;
  value: T;
  choices: ReadonlyArray<Choice<T>>;
  onChange: (value: T) => void;
}

/** Native radio buttons drawn as a segmented control: arrow keys move between options. */
export function ChoiceGroup<T extends string>({ legend, value, choices, onChange }: ChoiceGroupProps<T>) {
  const name = useId();
  return (
    <fieldset className="prefs-choice">
      <legend className="visually-hidden">{legend}</legend>
      {choices.map((choice) => (
        <label key={choice.value} className="prefs-choice__option">
          <input
            type="radio"
            className="prefs-choice__input"
            name={name}
            value={choice.value}
            checked={value === choice.value}
            onChange={() => onChange(choice.value)}
          />
          <span className="prefs-choice__label">{choice.label}</span>
        </label>
      ))}
    </fieldset>
  );
}
