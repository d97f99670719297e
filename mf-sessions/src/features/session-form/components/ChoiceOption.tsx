import type { ReactNode } from 'react';

export interface ChoiceOptionProps {
  /** The radio group's name. */
  group: string;
  value: string;
  checked: boolean;
  onChoose: () => void;
  title: ReactNode;
  /** A line under the title. */
  note?: ReactNode;
}

/** One answer of a question asked with radio buttons: its title in bold, and a note under it. */
export function ChoiceOption({ group, value, checked, onChoose, title, note }: ChoiceOptionProps) {
  return (
    <label className="lls-split__option">
      <input type="radio" name={group} value={value} checked={checked} onChange={onChoose} />
      <span>
        <strong>{title}</strong>
        {note && (
          <>
            <br />
            <span className="lls-live__note">{note}</span>
          </>
        )}
      </span>
    </label>
  );
}
