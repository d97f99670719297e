import { useState } from 'react';
import { Button, Dialog } from '@logbook/ui/shared';
import { toast } from '@logbook/shell-context/shared';
import { QR_CODE, DELETE_LOGIN_CONFIRMATION, TOASTS, isActive } from '@logbook/contracts/view';
import type { Student } from '@logbook/contracts/view';
import { ConfirmDialog } from '../../../lib/ConfirmDialog';
import { useStudentLoginActions } from '../hooks/useStudentLoginActions';
import { studentLoginUrl } from '../utils/studentLoginUrl';
import { CredentialsDialog } from './CredentialsDialog';
import { QrCodeImage } from './QrCodeImage';

type OpenDialog = 'create' | 'update' | 'delete' | 'qr' | null;

/** The student's own sign-in: who can sign in, a QR code to the sign-in page, and managing the login. */
export function StudentLoginPanel({ student }: { student: Student }) {
  const [dialog, setDialog] = useState<OpenDialog>(null);
  const [deleting, setDeleting] = useState(false);
  const actions = useStudentLoginActions(student.id);
  const url = studentLoginUrl();
  const close = (open: boolean) => !open && setDialog(null);

  const copyUrl = async () => {
    try {
      if (!navigator.clipboard) throw new Error('Clipboard unavailable');
      await navigator.clipboard.writeText(url);
      toast({ title: TOASTS.urlCopied });
    } catch {
      toast({ title: TOASTS.error, description: TOASTS.urlCopyFailed, variant: 'destructive' });
    }
  };

  const deleteLogin = async () => {
    setDeleting(true);
    const deleted = await actions.remove();
    setDeleting(false);
    if (deleted) setDialog(null);
  };

  return (
    <section
      className="pp-panel"
      aria-label={`Student login for ${student.firstName}`}
      data-testid="student-login-panel"
    >
      <h3 className="pp-panel__title">Student Login</h3>
      {!isActive(student.subscriptionStatus) ? (
        <p className="pp-panel__muted" data-testid="student-login-inactive">
          Student logins are available with an active subscription. Subscribe to let {student.firstName} sign in and log
          sessions on their own device.
        </p>
      ) : student.hasStudentLogin ? (
        <>
          <div className="pp-login">
            <QrCodeImage value={url} size={QR_CODE.smallPx} testId="student-login-qr" />
            <div className="pp-login__text">
              <p>
                <span className="pp-panel__muted">Username: </span>
                <strong data-testid="student-username">{student.studentUsername}</strong>
              </p>
              <p className="pp-login__url">
                <span className="pp-panel__muted">Sign in at </span>
                <a href={url}>{url}</a>
              </p>
            </div>
          </div>
          <div className="pp-panel__actions">
            <Button variant="outline" size="sm" onClick={() => setDialog('qr')}>
              Show Large QR Code
            </Button>
            <Button variant="outline" size="sm" onClick={copyUrl}>
              Copy URL
            </Button>
            <Button variant="outline" size="sm" onClick={() => setDialog('update')}>
              Update Login
            </Button>
            <Button variant="destructive" size="sm" onClick={() => setDialog('delete')}>
              Delete Login
            </Button>
          </div>
          <Dialog
            open={dialog === 'qr'}
            onOpenChange={close}
            title="Student Login QR Code"
            description={`${student.firstName} can scan this code to open the student sign-in page.`}
            size="sm"
          >
            <div className="pp-qr-large">
              <QrCodeImage value={url} size={QR_CODE.largePx} testId="student-login-qr-large" />
              <p className="pp-login__url">{url}</p>
            </div>
          </Dialog>
          <CredentialsDialog
            open={dialog === 'update'}
            onOpenChange={close}
            title="Update Login"
            description={`Change the username or set a new password for ${student.firstName}.`}
            submitLabel="Update Login"
            initialUsername={student.studentUsername ?? ''}
            onSubmit={actions.update}
          />
          <ConfirmDialog
            open={dialog === 'delete'}
            onOpenChange={close}
            title="Delete Login"
            description={DELETE_LOGIN_CONFIRMATION}
            confirmLabel="Delete Login"
            pending={deleting}
            onConfirm={deleteLogin}
          />
        </>
      ) : (
        <>
          <p className="pp-panel__muted">
            {student.firstName} has no login yet. Create one so they can sign in and log sessions themselves.
          </p>
          <div className="pp-panel__actions">
            <Button size="sm" onClick={() => setDialog('create')}>
              Create Student Login
            </Button>
          </div>
          <CredentialsDialog
            open={dialog === 'create'}
            onOpenChange={close}
            title="Create Student Login"
            description={`Choose a username and password for ${student.firstName}.`}
            submitLabel="Create Login"
            onSubmit={actions.create}
          />
        </>
      )}
    </section>
  );
}
