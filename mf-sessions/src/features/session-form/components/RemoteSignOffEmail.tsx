import { VALIDATION } from '@logbook/contracts/view';
import { emailSchema } from '@logbook/contracts/schemas';
import { TextField } from '@logbook/ui/shared';

/** What is wrong with the supervisor's email address, if anything. */
export function emailProblem(email: string): string | undefined {
  return emailSchema.safeParse(email).success ? undefined : VALIDATION.invalidEmail;
}

export interface RemoteSignOffEmailProps {
  value: string;
  error?: string;
  onChange: (email: string) => void;
  disabled?: boolean;
}

/** In place of the supervisor's signature pad: where to email the link they sign the entry with on their own phone. */
export default function RemoteSignOffEmail({ value, error, onChange, disabled }: RemoteSignOffEmailProps) {
  return (
    <TextField
      label="Supervisor's email"
      hint="They are emailed a link to sign this entry on their own phone; it counts once they sign."
      error={error}
      type="email"
      name="supervisorEmail"
      autoComplete="email"
      inputMode="email"
      value={value}
      disabled={disabled}
      onChange={(e) => onChange(e.target.value)}
    />
  );
}
