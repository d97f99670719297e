import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { Button } from '@logbook/ui/Button';
import { paths } from '@logbook/shell-context/routes';
import { normaliseCode } from '../lib/verificationText';
import { TextField } from '@logbook/ui/FormField';

const CODE_RE = /^[A-Z2-7]{16}$/;
const CODE_HINT = 'The 16 letters and numbers under "Verification code" on the first page of the log book.';
const CODE_ERROR = 'Enter the 16-character code printed on the log book';

export interface VerificationCodeFormProps {
  label?: string;
}

/** For someone holding the paper without a phone camera: type the printed code instead of scanning it. */
export function VerificationCodeForm({ label = 'Verification code' }: VerificationCodeFormProps) {
  const [code, setCode] = useState('');
  const [error, setError] = useState<string>();
  const navigate = useNavigate();

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const normalised = normaliseCode(code);
    if (!CODE_RE.test(normalised)) {
      setError(CODE_ERROR);
      return;
    }
    setError(undefined);
    navigate(paths.verifyCode(normalised));
  };

  return (
    <form className="verify-form" onSubmit={onSubmit} noValidate aria-label="Check a log book">
      <TextField
        label={label}
        error={error}
        hint={error ? undefined : CODE_HINT}
        name="code"
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
        className="verify-form__input"
        value={code}
        onChange={(e) => setCode(e.target.value)}
      />
      <Button type="submit" variant="outline">
        Check
      </Button>
    </form>
  );
}
