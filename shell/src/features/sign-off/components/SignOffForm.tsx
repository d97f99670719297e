import { useState, type FormEvent } from 'react';
import { Alert } from '@logbook/ui/Alert';
import { Button } from '@logbook/ui/Button';
import { FormField, SelectField, TextField } from '@logbook/ui/FormField';
import { SignaturePad } from '@logbook/ui/SignaturePad';
import { STATE_OPTIONS, type StateCode } from '@logbook/contracts/state-codes';
import { declineEntry, signEntry, type Outcome, type SignOffDone, type SignOffEntry } from '../api/signOffApi';

/** Whole calendar years of a full licence by the drive's year, as the log book counts them. */
function heldTooBriefly(entry: SignOffEntry, year: number): boolean {
  const years = entry.supervisorRule.fullLicenceYears;
  if (!years || entry.supervisorIsInstructor || !Number.isInteger(year)) return false;
  return Number(entry.date.slice(0, 4)) - year - 1 < years;
}

export interface SignOffFormProps {
  token: string;
  entry: SignOffEntry;
  onDone: (outcome: Outcome<SignOffDone>) => void;
}

/** Who the supervisor is, their signature, or a decline with a reason. */
export function SignOffForm({ token, entry, onDone }: SignOffFormProps) {
  const [name, setName] = useState(entry.supervisorName);
  const [licence, setLicence] = useState(entry.supervisorLicenseNumber);
  const [state, setState] = useState(entry.supervisorRule.state);
  const [year, setYear] = useState('');
  const [signature, setSignature] = useState<string | null>(null);
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [pending, setPending] = useState<'sign' | 'decline' | null>(null);
  const yearNumber = Number(year);
  const short = year.length === 4 && heldTooBriefly(entry, yearNumber);

  const settle = (outcome: Outcome<SignOffDone>) => {
    setPending(null);
    if (outcome.kind === 'refused') setProblem(outcome.message);
    else onDone(outcome);
  };

  const onSign = async (event: FormEvent) => {
    event.preventDefault();
    if (!signature) return setProblem('Please sign in the box above.');
    if (!/^\d{4}$/.test(year)) return setProblem('Enter the year you got your full licence, e.g. 1998.');
    setProblem(null);
    setPending('sign');
    settle(
      await signEntry(token, {
        supervisorName: name,
        supervisorLicenseNumber: licence,
        licenceState: state as StateCode,
        fullLicenceYear: yearNumber,
        supervisorSignature: signature,
      }),
    );
  };

  const onDecline = async (event: FormEvent) => {
    event.preventDefault();
    if (!reason.trim()) return setProblem('Say why you are declining, so the family knows.');
    setProblem(null);
    setPending('decline');
    settle(await declineEntry(token, reason));
  };

  return (
    <>
      <form className="ll-form sign-off__form" onSubmit={onSign} noValidate aria-label="Sign this drive">
        <h2 className="sign-off__heading">Confirm who you are</h2>
        <TextField label="Your full name" autoComplete="name" value={name} onChange={(e) => setName(e.target.value)} />
        <TextField label="Your driver licence number" value={licence} onChange={(e) => setLicence(e.target.value)} />
        <SelectField
          label="State or territory that issued your licence"
          options={STATE_OPTIONS}
          value={state}
          onChange={(e) => setState(e.target.value)}
        />
        <TextField
          label="Year you got your full licence"
          hint="Your full (not learner or provisional) licence."
          inputMode="numeric"
          maxLength={4}
          value={year}
          onChange={(e) => setYear(e.target.value.replace(/\D/g, ''))}
        />
        {short && (
          <Alert variant="warning" title="Your licence may be too new for this drive to count">
            <p>
              The learner&apos;s state asks that a supervisor has held a full licence for{' '}
              {entry.supervisorRule.fullLicenceYears} years. You can still sign: the entry will be marked so the family
              can see it.
            </p>
          </Alert>
        )}
        <SignaturePad label="Your signature" value={signature} onChange={setSignature} />
        {problem && (
          <p className="ll-field__error" role="alert">
            {problem}
          </p>
        )}
        <Button
          type="submit"
          size="lg"
          className="ll-btn--block"
          pending={pending === 'sign'}
          disabled={pending !== null}
        >
          Sign this drive
        </Button>
      </form>
      <form className="ll-form sign-off__decline" onSubmit={onDecline} noValidate aria-label="Decline this drive">
        <h2 className="sign-off__heading">Not right?</h2>
        <FormField label="Why you are declining" hint="The family sees this, and the drive will not count.">
          {(field) => (
            <textarea
              {...field}
              className="ll-input sign-off__reason"
              rows={3}
              maxLength={500}
              value={reason}
              onChange={(e) => setReason(e.target.value)}
            />
          )}
        </FormField>
        <Button type="submit" variant="outline" pending={pending === 'decline'} disabled={pending !== null}>
          Decline
        </Button>
      </form>
    </>
  );
}
