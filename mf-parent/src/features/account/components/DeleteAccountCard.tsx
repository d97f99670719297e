import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Alert, Button, Card, Dialog, TextField } from '@logbook/ui/shared';
import type { Student } from '@logbook/contracts/view';
import { useFamily } from '../../../lib/useFamily';
import { useDeleteAccount } from '../hooks/useDeleteAccount';
import { DeletionList } from './DeletionList';

export interface DeleteAccountCardProps {
  email: string;
  /** The family's students, or undefined while they load. */
  students: Student[] | undefined;
}

/** Delete my account: says exactly what goes and that subscriptions stop, then asks for the password. */
export function DeleteAccountCard({ email, students }: DeleteAccountCardProps) {
  const [open, setOpen] = useState(false);
  const [password, setPassword] = useState('');
  const { remove, pending, problem, clearProblem } = useDeleteAccount();
  const passwordInput = useRef<HTMLInputElement>(null);
  // A guardian who is not the family's last takes only their own login away (the server answers the same way).
  const othersStay = (useFamily().data?.guardians.length ?? 1) > 1;

  useEffect(() => {
    if (open) passwordInput.current?.focus();
  }, [open]);
  useEffect(() => {
    if (problem?.field === 'password') passwordInput.current?.focus();
  }, [problem]);

  const close = () => {
    setOpen(false);
    setPassword('');
    clearProblem();
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    await remove(password);
  };

  return (
    <Card
      title="Delete my account"
      headingLevel={2}
      description={
        othersStay
          ? 'Deletes your login; the family keeps its log books with the other guardians.'
          : "Deletes your family's log books for good and stops every subscription."
      }
      className="acc-danger"
      data-testid="delete-account"
    >
      <div className="pp-stack">
        <DeletionList email={email} students={students} othersStay={othersStay} />
        <div>
          <Button variant="destructive" onClick={() => setOpen(true)}>
            Delete my account
          </Button>
        </div>
      </div>
      <Dialog
        open={open}
        onOpenChange={(next) => (next ? setOpen(true) : !pending && close())}
        title="Delete your account?"
        description="This cannot be undone. Download your data first if you want to keep a copy."
      >
        <form className="ll-form" onSubmit={onSubmit} noValidate aria-label="Delete account">
          <DeletionList email={email} students={students} othersStay={othersStay} />
          {problem?.field === 'form' && (
            <Alert variant="destructive" title={problem.title}>
              {problem.message}
            </Alert>
          )}
          <TextField
            label="Your password"
            error={problem?.field === 'password' ? problem.message : undefined}
            hint="To confirm it's you."
            ref={passwordInput}
            type="password"
            name="password"
            autoComplete="current-password"
            value={password}
            onChange={(e) => {
              setPassword(e.target.value);
              if (problem?.field === 'password') clearProblem();
            }}
          />
          <div className="ll-actions">
            <Button variant="outline" onClick={close} disabled={pending}>
              Cancel
            </Button>
            <Button type="submit" variant="destructive" pending={pending}>
              {pending ? 'Deleting account...' : 'Delete my account for good'}
            </Button>
          </div>
        </form>
      </Dialog>
    </Card>
  );
}
