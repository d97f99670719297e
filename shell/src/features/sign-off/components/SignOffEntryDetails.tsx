import {
  SESSION_FIELD_PLACES,
  SIGNING_FIELDS,
  type SessionFieldPlacesRegistry,
} from '@logbook/contracts/session-field-places';
import type { SignOffEntry } from '../api/signOffApi';

const FIELDS: SessionFieldPlacesRegistry = SESSION_FIELD_PLACES;

/** A field's value as the log book prints it; null when not recorded (or a flag not said), and so not shown. */
function said(name: string, value: unknown): string | null {
  if (value === null || value === undefined || value === false) return null;
  if (value === true) return 'Yes';
  const text = String(value);
  return FIELDS[name].valueLabels?.[text] ?? text;
}

/** The entry as it will be printed in the log book. */
export function SignOffEntryDetails({ entry }: { entry: SignOffEntry }) {
  const rows = [{ label: 'Learner', value: entry.learner }];
  for (const name of SIGNING_FIELDS) {
    const value = said(name, entry[name]);
    if (value !== null) rows.push({ label: FIELDS[name].label, value });
  }
  return (
    <dl className="sign-off__entry">
      {rows.map(({ label, value }) => (
        <div key={label} className="sign-off__row">
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}
