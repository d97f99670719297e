import { useCallback, useState } from 'react';
import { mutate } from 'swr';
import { TOASTS } from '@logbook/contracts/messages';
import { toast } from '@logbook/ui/lib/toastStore';
import { queueForLater } from '../../../lib/outbox/outboxRuntime';
import { browserIsOffline, sendDrivingSession } from '../../../lib/sessionApi';
import { isStudentSessionsKey } from '../../../lib/sessionKeys';
import type { Coordinates } from '../../../lib/coordinates';
import { sessionPayload, type SessionValues } from '../../../lib/sessionValues';

export type SubmitResult = 'logged' | 'queued' | 'failed' | 'invalid';

export interface SubmitOptions {
  studentId: number | undefined;
  studentName: string;
  values: SessionValues;
  /** Where the current-location button found the drive, if it was used. */
  coordinates?: Coordinates;
  clientId: string;
  /** Checks every field and shows the messages; true when the form can be sent. */
  validate: () => boolean;
  /** Keeps the form's content as a draft when this device cannot hold it in the outbox. */
  saveAsDraft: () => boolean;
  /** Forgets the draft the form came from. */
  discardDraft: () => void;
}

/** Submit Session: online it posts; offline (or when the connection drops) it waits in the outbox. */
export function useSubmitSession() {
  const [submitting, setSubmitting] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const submit = useCallback(async (options: SubmitOptions): Promise<SubmitResult> => {
    const { studentId, studentName, values, clientId } = options;
    setFailure(null);
    if (!studentId) {
      toast({ title: TOASTS.error, description: TOASTS.sessionCreateFailed, variant: 'destructive' });
      return 'invalid';
    }
    if (!options.validate()) return 'invalid';
    const payload = sessionPayload(values, studentId, clientId, options.coordinates);
    setSubmitting(true);
    try {
      if (!browserIsOffline()) {
        const outcome = await sendDrivingSession(payload);
        if (outcome.kind === 'sent') {
          options.discardDraft();
          void mutate(isStudentSessionsKey(studentId));
          toast({ title: TOASTS.sessionLogged });
          return 'logged';
        }
        // An answer from the server (refusal, fault, lapsed sign-in): show it and keep everything typed.
        if (outcome.kind === 'refused' || outcome.status !== undefined) {
          const message = outcome.message ?? TOASTS.sessionCreateFailed;
          setFailure(message);
          toast({ title: TOASTS.error, description: message, variant: 'destructive' });
          return 'failed';
        }
      }
      try {
        await queueForLater({ clientId, studentId, studentName, payload: { ...payload, clientId } });
      } catch {
        // This device cannot hold an outbox (storage blocked): keep the session as a draft instead.
        options.saveAsDraft();
        setFailure(TOASTS.sessionCreateFailed);
        return 'failed';
      }
      options.discardDraft();
      toast({ title: TOASTS.sessionQueuedTitle, description: TOASTS.sessionQueued });
      return 'queued';
    } finally {
      setSubmitting(false);
    }
  }, []);

  return { submit, submitting, failure };
}
