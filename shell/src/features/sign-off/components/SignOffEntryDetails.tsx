import type { SignOffEntry } from '../api/signOffApi';

const WORDS: Record<string, string> = {
  day: 'Day',
  night: 'Night',
  light: 'Light',
  medium: 'Medium',
  heavy: 'Heavy',
  sealed: 'Sealed',
  unsealed: 'Unsealed',
  'quiet-streets': 'Quiet streets',
  'busy-road': 'Busy road',
  'multi-laned': 'Multi-laned',
};
const word = (value: string | null) =>
  value ? (WORDS[value] ?? value.charAt(0).toUpperCase() + value.slice(1)) : 'Not recorded';

/** The entry as it will be printed in the log book. */
export function SignOffEntryDetails({ entry }: { entry: SignOffEntry }) {
  const rows: Array<[string, string]> = [
    ['Learner', entry.learner],
    ['Date', entry.date],
    ['Time', `${entry.startTime} to ${entry.endTime} (${entry.duration})`],
    ['From', entry.startSuburb],
    ['To', entry.endSuburb],
    ['Day or night', word(entry.timeOfDay)],
    ['Traffic', word(entry.trafficConditions)],
    ['Road', word(entry.roadConditions)],
    ['Weather', word(entry.weatherConditions)],
  ];
  if (entry.vehicleRegistration) rows.push(['Vehicle', entry.vehicleRegistration]);
  if (entry.odometerStart !== null && entry.odometerEnd !== null) {
    rows.push(['Odometer', `${entry.odometerStart} to ${entry.odometerEnd} km`]);
  }
  rows.push(['Supervisor named', `${entry.supervisorName} (licence ${entry.supervisorLicenseNumber})`]);
  return (
    <dl className="sign-off__entry">
      {rows.map(([label, value]) => (
        <div key={label} className="sign-off__row">
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}
