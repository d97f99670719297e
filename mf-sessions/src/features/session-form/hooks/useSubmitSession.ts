import { useCallback, useState } from 'react';
import { mutate } from 'swr';
import { TOASTS } from '@logbook/contracts/view';
import { toast } from '@logbook/shell-context/shared';
import { queueForLater } from '../../../lib/outbox/outboxRuntime';
import { browserIsOffline, sendDrivingSession } from '../../../lib/sessionApi';
import { isStudentSessionsKey } from '../../../lib/sessionKeys';
import type { Coordinates } from '@logbook/session-device/storedValues';
import { sessionPayload, type SessionValues, type SupervisorChoice } from '../../../lib/sessionValues';

export type SubmitResult = 'logged' | 'queued' | 'failed' | 'invalid';

export interface SubmitOptions {
  studentId: number;
  studentName: string;
  values: SessionValues;
  /** Where the current-location button found the drive, if it was used. */
  coordinates?: Coordinates;
  clientId: string;
  /** Who supervised beyond the name and licence: the saved supervisor picked, an instructor, one to remember. */
  supervisor?: SupervisorChoice;
  /**
   * A drive logged as more than one entry (the day part and the night part): each part's own date, times and Day or
   * Night over the form's values, with its own client id so a retry sends each once.
   */
  parts?: Array<{ values: Partial<SessionValues>; clientId: string }>;
  /** The supervisor signs on their own phone: asked by email, in place of their signature on the form. */
  remoteSignOff?: { supervisorEmail: string };
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
    if (!options.validate()) return 'invalid';
    const entries = (options.parts ?? [{ values: {}, clientId }]).map((part) => {
      const payload = sessionPayload(
        { ...values, ...part.values },
        studentId,
        part.clientId,
        options.coordinates,
        options.supervisor,
      );
      if (options.remoteSignOff) {
        delete payload.supervisorSignature;
        payload.remoteSignOff = options.remoteSignOff;
      }
      return payload;
    });
    setSubmitting(true);
    try {
      let next = 0;
      if (!browserIsOffline()) {
        for (; next < entries.length; next++) {
          const outcome = await sendDrivingSession(entries[next]);
          if (outcome.kind === 'sent') continue;
          // An answer from the server (refusal, fault, lapsed sign-in): show it and keep everything typed. A part
          // already sent is not sent twice when the form is submitted again: its client id is the same.
          if (outcome.kind === 'refused' || outcome.status !== undefined) {
            if (next > 0) void mutate(isStudentSessionsKey(studentId));
            const message = outcome.message ?? TOASTS.sessionCreateFailed;
            setFailure(message);
            toast({ title: TOASTS.error, description: message, variant: 'destructive' });
            return 'failed';
          }
          break;
        }
        if (next === entries.length) {
          options.discardDraft();
          void mutate(isStudentSessionsKey(studentId));
          toast({ title: entries.length > 1 ? `${entries.length} sessions logged` : TOASTS.sessionLogged });
          return 'logged';
        }
      }
      try {
        for (const payload of entries.slice(next)) {
          const id = payload.clientId!;
          await queueForLater({ clientId: id, studentId, studentName, payload: { ...payload, clientId: id } });
        }
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
