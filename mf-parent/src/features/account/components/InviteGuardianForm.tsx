import { useRef, type FormEvent } from 'react';
import { Button, TextField } from '@logbook/ui/shared';
import { INVITATION_DAYS } from '@logbook/contracts/family-rules';
import { useInviteGuardian } from '../hooks/useInviteGuardian';

/** "Invite a guardian": one address; the link emailed to it works once, for a week. */
export function InviteGuardianForm() {
  const { email, error, pending, change, submit } = useInviteGuardian();
  const input = useRef<HTMLInputElement>(null);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    // Focus stays on the field while it has something to fix, whose error its description reads out.
    if (!(await submit())) input.current?.focus();
  };

  return (
    <form className="ll-form acc-invite" onSubmit={onSubmit} noValidate aria-label="Invite a guardian">
      <h3 className="acc-subtitle">Invite a guardian</h3>
      <TextField
        ref={input}
        label="Their email"
        error={error}
        hint={error ? undefined : `We email them a link to join, valid for ${INVITATION_DAYS} days.`}
        type="email"
        name="email"
        autoComplete="off"
        inputMode="email"
        placeholder="their@example.com"
        value={email}
        onChange={(e) => change(e.target.value)}
      />
      <div>
        <Button type="submit" pending={pending}>
          {pending ? 'Sending invitation...' : 'Send invitation'}
        </Button>
      </div>
    </form>
  );
}
