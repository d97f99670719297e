import {
  lazy,
  Suspense,
  useCallback,
  useEffect,
  useId,
  useMemo,
  useRef,
  useState,
  type FormEvent,
  type ReactNode,
} from 'react';
import { Alert } from '@logbook/ui/Alert';
import { Button } from '@logbook/ui/Button';
import { PageFrame } from '@logbook/ui/PageFrame';
import { clearRunningDrive } from '@logbook/session-device/runningDrive';
import { useSupervisors } from '@logbook/shell-context/supervisors';
import { mutate } from 'swr';
import { toast } from '@logbook/ui/lib/toastStore';
import type { HistoryEntry } from '../../../lib/sessionHistory';
import { isStudentSessionsKey } from '../../../lib/sessionKeys';
import { newClientId, sessionPayload, type SessionField } from '../../../lib/sessionValues';
import { CorrectionReasonCard } from './CorrectionReasonCard';
import { useCurrentLocation } from '../hooks/useCurrentLocation';
import { useSessionForm } from '../hooks/useSessionForm';
import { useSubmitSession } from '../hooks/useSubmitSession';
import { DriveSplitChoice, type SplitMode } from './DriveSplitChoice';
import { DrivingConditionsCard } from './DrivingConditionsCard';
import { FormStepIndicator } from './FormStepIndicator';
import { LocationDetailsCard } from './LocationDetailsCard';
import { SessionDetailsCard } from './SessionDetailsCard';
import { SignatureCard } from './SignatureCard';
import { SupervisorDetailsCard } from './SupervisorDetailsCard';
import { TimeOfDaySuggestion } from './TimeOfDaySuggestion';
import { hintPlace, timeOfDayHint } from '../utils/timeOfDayHint';
import { splitAtSun } from '../utils/driveSplit';
import {
  initialSelection,
  licenceYearProblem,
  SOMEONE_ELSE,
  supervisorPayload,
  type SupervisorSelection,
} from '../utils/supervisorChoice';
import { useVehicleDetails } from '../hooks/useVehicleDetails';
import { recallFamilyState, rememberFamilyState } from '../../../lib/familyState';
// By path: this small part of the rule data goes with the form, so it applies without a connection.
import { vehicleAskedOn } from '../../../../../packages/contracts/src/entry-fields';
import { NearViewport } from './NearViewport';
import { VehicleDetailsUnavailable } from './VehicleDetailsUnavailable';

/** Corrections' code is fetched when a correction is sent or its reason checked, not with the new-session screen. */
const sessionChanges = () => import('../../../lib/sessionChanges');

// Below the first screenful: its code is fetched once the form is used or scrolled to it. Offline, before it was ever
// fetched, the form goes on without it.
const loadVehicleCard = () => import('./VehicleDetailsCard').catch(() => ({ default: VehicleDetailsUnavailable }));
const VehicleDetailsCard = lazy(loadVehicleCard);

// Asking the supervisor to sign on their own phone: the email field's code is fetched when that is chosen.
const loadRemoteSignOff = () => import('./RemoteSignOffEmail');
const RemoteSignOffEmail = lazy(loadRemoteSignOff);

export interface SessionFormProps {
  studentId: number;
  studentName: string;
  /** When known, the form refuses a date before it (the server checks it in any case). */
  dateOfBirth?: string;
  loadDraftId: string | null;
  /** Fill the form from the drive just ended on this device. */
  fromDrive?: boolean;
  /** A logged entry to correct: the form opens with it, asks why, and posts a correction of it. */
  correcting?: HistoryEntry;
  /** After a session was logged or queued. */
  onFinished: () => void;
  /** Cancel is offered only when there is somewhere to go back to. */
  onCancel?: () => void;
  /** Shown above the form (for example a subscription warning). */
  notice?: ReactNode;
}

function formatSavedAt(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return date.toLocaleString('en-AU', { dateStyle: 'medium', timeStyle: 'short' });
}

function focusFirstProblem() {
  requestAnimationFrame(() => {
    const target =
      document.querySelector<HTMLElement>('.lls-form [aria-invalid="true"]') ??
      document.querySelector<HTMLElement>('.lls-form .ll-signature--invalid canvas');
    if (!target) return;
    // Older engines (and test DOMs) lack scrollIntoView options; focusing still brings the field into view.
    if (typeof target.scrollIntoView === 'function') target.scrollIntoView({ block: 'center' });
    target.focus({ preventScroll: true });
  });
}

export function SessionForm({
  studentId,
  studentName,
  dateOfBirth,
  loadDraftId,
  fromDrive,
  correcting,
  onFinished,
  onCancel,
  notice,
}: SessionFormProps) {
  // The drive's date, once the form has one: what the state's log book records is the rule in force that day.
  const [driveDate, setDriveDate] = useState<string | undefined>(undefined);
  const vehicleDetails = useVehicleDetails(driveDate);
  const answeredState = vehicleDetails?.state;
  const [familyState] = useState(() => recallFamilyState(studentId));
  useEffect(() => {
    if (answeredState) rememberFamilyState(studentId, answeredState);
  }, [studentId, answeredState]);
  // The family's state's rule on the drive's date, known without a connection once the state was ever heard of: an
  // entry queued offline carries what the server will ask of it. Else the server's word.
  const ruleState = answeredState ?? familyState;
  const vehicleAsked =
    ruleState && driveDate?.length === 10 ? vehicleAskedOn(ruleState, driveDate) : vehicleDetails?.recorded;
  const form = useSessionForm({
    studentId,
    studentName,
    dateOfBirth,
    loadDraftId,
    fromDrive,
    correcting,
    vehicleAsked,
  });
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | undefined>();
  const [correctionFailure, setCorrectionFailure] = useState<string | null>(null);
  const [correctionPending, setCorrectionPending] = useState(false);
  const { data: supervisors } = useSupervisors();
  const [selection, setSelection] = useState<SupervisorSelection | undefined>(undefined);
  const [splitMode, setSplitMode] = useState<SplitMode>('two');
  const [submitted, setSubmitted] = useState(false);
  // Where to email the supervisor's signing link; null while they sign on this device.
  const [supervisorEmail, setSupervisorEmail] = useState<string | null>(null);
  const [emailError, setEmailError] = useState<string | undefined>();
  // The second entry of a drive split at sunset or sunrise keeps its own client id, so a retry never logs it twice.
  const secondClientId = useRef(newClientId());
  const { submit, submitting, failure } = useSubmitSession();
  const { locate, locating } = useCurrentLocation({
    setField: form.setField,
    fillIfEmpty: form.fillIfEmpty,
    setLocation: form.setLocation,
  });
  const { values, errors, setField, chooseTimeOfDay, timeOfDayChosen, location } = form;
  useEffect(() => setDriveDate(values.date), [values.date]);
  const hintId = useId();

  const onChange = useCallback(
    (field: SessionField, value: string) => (field === 'timeOfDay' ? chooseTimeOfDay(value) : setField(field, value)),
    [setField, chooseTimeOfDay],
  );

  const hint = useMemo(
    () =>
      timeOfDayHint({ date: values.date, startTime: values.startTime, endTime: values.endTime }, hintPlace(location)),
    [values.date, values.startTime, values.endTime, location],
  );
  const split = useMemo(
    () =>
      form.fromDrive
        ? splitAtSun({ date: values.date, startTime: values.startTime, endTime: values.endTime }, hintPlace(location))
        : null,
    [form.fromDrive, values.date, values.startTime, values.endTime, location],
  );

  // The saved supervisors arrive after the form opens: the choice is made once they are known.
  const currentValues = useRef(values);
  currentValues.current = values;
  useEffect(() => {
    if (selection || !supervisors) return;
    const initial = initialSelection(supervisors, currentValues.current);
    setSelection(initial);
    const saved = supervisors.find((s) => s.id === initial.savedId);
    if (saved && !currentValues.current.supervisorName) {
      setField('supervisorName', saved.name);
      setField('supervisorLicenseNumber', saved.licenseNumber);
    }
  }, [supervisors, selection, setField]);

  // The sun's answer fills Time of Day until the person picks one themselves.
  useEffect(() => {
    if (hint && !timeOfDayChosen && values.timeOfDay !== hint.timeOfDay) setField('timeOfDay', hint.timeOfDay);
  }, [hint, timeOfDayChosen, values.timeOfDay, setField]);

  const submitCorrection = async (entry: HistoryEntry) => {
    setCorrectionFailure(null);
    const { changeFailureMessage, postCorrection, reasonProblem } = await sessionChanges();
    const problem = reasonProblem(reason);
    setReasonError(problem);
    const problems = form.validateAll();
    if (problem || !Object.values(problems).every((m) => !m)) {
      focusFirstProblem();
      return;
    }
    setCorrectionPending(true);
    try {
      const supervisor = supervisorPayload(selection ?? SOMEONE_ELSE, supervisors ?? []);
      await postCorrection(
        entry.id,
        sessionPayload(form.values, studentId, form.clientId, form.location?.coordinates, supervisor),
        reason,
      );
      form.discardDraft();
      // The history screen is not open now: its cached list and summary are dropped, so it reads them afresh.
      await mutate(isStudentSessionsKey(studentId), undefined, { revalidate: true });
      toast({ title: 'Session corrected' });
      onFinished();
    } catch (failure) {
      setCorrectionFailure(changeFailureMessage(failure));
    } finally {
      setCorrectionPending(false);
    }
  };

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    if (correcting) return submitCorrection(correcting);
    const parts =
      split && splitMode === 'two'
        ? split.parts.map((part, i) => ({ values: part, clientId: i === 0 ? form.clientId : secondClientId.current }))
        : undefined;
    const remote = supervisorEmail !== null ? await loadRemoteSignOff() : undefined;
    const result = await submit({
      studentId,
      studentName,
      values: form.values,
      coordinates: form.location?.coordinates,
      clientId: form.clientId,
      supervisor: supervisorPayload(selection ?? SOMEONE_ELSE, supervisors ?? []),
      parts,
      remoteSignOff: remote ? { supervisorEmail: supervisorEmail!.trim() } : undefined,
      validate: () => {
        setSubmitted(true);
        const problems = form.validateAll();
        if (remote) {
          delete problems.supervisorSignature;
          setEmailError(remote.emailProblem(supervisorEmail!));
        }
        const ok =
          Object.values(problems).every((m) => !m) &&
          !remote?.emailProblem(supervisorEmail!) &&
          !licenceYearProblem(selection ?? SOMEONE_ELSE);
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

  const cancel = () => {
    form.discardDraft();
    onCancel?.();
  };

  const editing = form.draft !== undefined;
  const busy = submitting || correctionPending;
  return (
    <PageFrame
      title={
        correcting
          ? 'Correct a Session'
          : editing
            ? 'Edit Draft Session'
            : form.fromDrive
              ? 'Finish Your Drive'
              : 'New Driving Session'
      }
      subtitle={
        correcting
          ? 'The corrected session replaces the one logged; the original stays in the log book, struck out with your reason.'
          : editing && form.draft?.savedAt
            ? `Editing draft saved on ${formatSavedAt(form.draft.savedAt)}`
            : undefined
      }
    >
      <form
        className="lls-form"
        onSubmit={onSubmit}
        onFocus={() => void loadVehicleCard()}
        noValidate
        aria-label="Driving session"
      >
        <FormStepIndicator />
        {notice}
        {form.draft?.serverMessage && (
          <Alert title="This session was not accepted when it was sent" variant="warning">
            {form.draft.serverMessage}
          </Alert>
        )}
        <fieldset className="lls-fieldset" disabled={busy}>
          <legend className="ll-visually-hidden">Session details</legend>
          {correcting && (
            <CorrectionReasonCard
              reason={reason}
              error={reasonError}
              onChange={(text) => {
                setReason(text);
                if (reasonError) void sessionChanges().then(({ reasonProblem }) => setReasonError(reasonProblem(text)));
              }}
            />
          )}
          <SessionDetailsCard values={values} errors={errors} onChange={onChange} />
          {split && <DriveSplitChoice split={split} mode={splitMode} onChange={setSplitMode} />}
          <LocationDetailsCard
            values={values}
            errors={errors}
            onChange={onChange}
            locating={locating}
            onLocate={(end) => void locate(end)}
          />
          <DrivingConditionsCard
            values={values}
            errors={errors}
            onChange={onChange}
            timeOfDayHintId={hintId}
            timeOfDayHint={
              <TimeOfDaySuggestion
                id={hintId}
                hint={hint}
                value={values.timeOfDay}
                onUse={chooseTimeOfDay}
                disabled={submitting}
              />
            }
          />
          <NearViewport minHeight={vehicleDetails?.vehicles.length ? 420 : 260}>
            <Suspense fallback={null}>
              <VehicleDetailsCard
                values={values}
                errors={errors}
                onChange={onChange}
                vehicles={vehicleDetails?.vehicles ?? []}
                asked={vehicleAsked ?? { registration: false, odometer: false }}
              />
            </Suspense>
          </NearViewport>
          <SignatureCard
            key={`student-${form.generation}`}
            title="Student Signature"
            padLabel={`Signature of ${studentName || 'the student'}`}
            value={values.studentSignature}
            error={errors.studentSignature}
            onChange={(v) => setField('studentSignature', v)}
            disabled={submitting}
            aside={
              <>
                <span className="lls-signature__who">Student</span>
                <span className="lls-signature__name" data-testid="student-name">
                  {studentName}
                </span>
              </>
            }
          />
          <SupervisorDetailsCard
            values={values}
            errors={errors}
            onChange={onChange}
            supervisors={supervisors}
            selection={selection ?? SOMEONE_ELSE}
            onSelect={setSelection}
            familyState={ruleState}
            showProblems={submitted}
          />
          <SignatureCard
            key={`supervisor-${form.generation}`}
            title="Supervising Driver Signature"
            padLabel="Supervisor's signature"
            value={values.supervisorSignature}
            error={errors.supervisorSignature}
            onChange={(v) => setField('supervisorSignature', v)}
            disabled={submitting}
            choice={
              !correcting && (
                <label className="lls-check">
                  <input
                    type="checkbox"
                    name="remoteSignOff"
                    checked={supervisorEmail !== null}
                    onChange={(e) => {
                      // The saved supervisor's address, when the family keeps one.
                      const saved = supervisors?.find((s) => s.id === selection?.savedId)?.email;
                      setSupervisorEmail(e.target.checked ? (saved ?? '') : null);
                      setEmailError(undefined);
                    }}
                  />
                  Ask the supervisor to sign
                </label>
              )
            }
            replacement={
              supervisorEmail === null ? undefined : (
                <Suspense fallback={null}>
                  <RemoteSignOffEmail
                    value={supervisorEmail}
                    error={emailError}
                    disabled={submitting}
                    onChange={(email) => {
                      setSupervisorEmail(email);
                      if (emailError) void loadRemoteSignOff().then((m) => setEmailError(m.emailProblem(email)));
                    }}
                  />
                </Suspense>
              )
            }
          />
        </fieldset>
        {(failure ?? correctionFailure) && (
          <Alert
            title={correcting ? 'The correction was not saved' : 'The session was not logged'}
            variant="destructive"
          >
            {failure ?? correctionFailure} Everything you typed is still here.
          </Alert>
        )}
        <div className="lls-actions">
          {!correcting && (
            <Button variant="outline" onClick={() => form.saveAsDraft()} disabled={busy}>
              Save Draft
            </Button>
          )}
          <div className="lls-actions__end">
            {onCancel && (
              <Button variant="ghost" onClick={cancel} disabled={busy}>
                Cancel
              </Button>
            )}
            <Button type="submit" pending={busy}>
              {busy ? 'Submitting...' : correcting ? 'Submit Correction' : 'Submit Session'}
            </Button>
          </div>
        </div>
      </form>
    </PageFrame>
  );
}
