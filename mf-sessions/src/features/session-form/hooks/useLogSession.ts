import { useRef } from 'react';
import { clearRunningDrive } from '@logbook/session-device/runningDrive';
import { newClientId, type SupervisorChoice } from '../../../lib/sessionValues';
import type { SplitMode } from '../components/DriveSplitChoice';
import type { SessionFormProps } from '../utils/sessionFormProps';
import type { DriveSplit } from '../utils/driveSplit';
import { focusFirstProblem, noProblems } from '../utils/focusFirstProblem';
import { loadRemoteSignOff, type RemoteSignOff } from './useRemoteSignOff';
import type { SessionFormApi } from './useSessionForm';
import { useSubmitSession } from './useSubmitSession';

/** Who the entry is of, and what to do once it is logged or queued: as the form was opened. */
export type LogSessionFor = Pick<SessionFormProps, 'studentId' | 'studentName' | 'onFinished'>;

/**
 * Submit Session for a new drive: checked (with whatever else the form checks, `othersOk`), then logged (or queued
 * offline) as one entry or split at the sun.
 */
export function useLogSession(
  { studentId, studentName, onFinished }: LogSessionFor,
  form: SessionFormApi,
  { email, check }: RemoteSignOff,
  supervisor: () => SupervisorChoice,
  othersOk: () => boolean,
) {
  const { submit, submitting, failure } = useSubmitSession();
  // The second entry of a drive split at sunset or sunrise keeps its own client id, so a retry never logs it twice.
  const secondClientId = useRef(newClientId());

  const partsOf = (split: DriveSplit | null, mode: SplitMode) =>
    split && mode === 'two'
      ? split.parts.map((part, i) => ({ values: part, clientId: i === 0 ? form.clientId : secondClientId.current }))
      : undefined;

  const logSession = async (split: DriveSplit | null, mode: SplitMode) => {
    const signOff = email !== null ? await loadRemoteSignOff() : undefined;
    const { values, location, clientId } = form.latest();
    const result = await submit({
      studentId,
      studentName,
      values,
      coordinates: location?.coordinates,
      clientId,
      supervisor: supervisor(),
      parts: partsOf(split, mode),
      remoteSignOff: signOff ? { supervisorEmail: email!.trim() } : undefined,
      validate: () => {
        const problems = form.validateAll();
        // Asked to sign on their own phone, the supervisor leaves no signature here: their address is checked instead.
        if (signOff) delete problems.supervisorSignature;
        const emailProblem = signOff ? check(signOff.emailProblem) : undefined;
        const ok = othersOk() && noProblems(problems) && !emailProblem;
        if (!ok) focusFirstProblem();
        return ok;
      },
      saveAsDraft: form.saveAsDraft,
      discardDraft: form.discardDraft,
    });
    if (result === 'logged' || result === 'queued') {
      if (form.fromDrive) clearRunningDrive(studentId);
      onFinished();
    }
  };

  return { logSession, submitting, failure };
}
