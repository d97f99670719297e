import { useCallback, useEffect, useId, useMemo, type FormEvent, type ReactNode } from 'react';
import { Alert } from '@logbook/ui/Alert';
import { Button } from '@logbook/ui/Button';
import { PageFrame } from '@logbook/ui/PageFrame';
import type { SessionField } from '../../../lib/sessionValues';
import { useCurrentLocation } from '../hooks/useCurrentLocation';
import { useSessionForm } from '../hooks/useSessionForm';
import { useSubmitSession } from '../hooks/useSubmitSession';
import { DrivingConditionsCard } from './DrivingConditionsCard';
import { FormStepIndicator } from './FormStepIndicator';
import { LocationDetailsCard } from './LocationDetailsCard';
import { SessionDetailsCard } from './SessionDetailsCard';
import { SignatureCard } from './SignatureCard';
import { SupervisorDetailsCard } from './SupervisorDetailsCard';
import { TimeOfDaySuggestion } from './TimeOfDaySuggestion';
import { hintPlace, timeOfDayHint } from '../utils/timeOfDayHint';

export interface SessionFormProps {
  studentId: number;
  studentName: string;
  /** When known, the form refuses a date before it (the server checks it in any case). */
  dateOfBirth?: string;
  loadDraftId: string | null;
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
  onFinished,
  onCancel,
  notice,
}: SessionFormProps) {
  const form = useSessionForm({ studentId, studentName, dateOfBirth, loadDraftId });
  const { submit, submitting, failure } = useSubmitSession();
  const { locate, locating } = useCurrentLocation({
    setField: form.setField,
    fillIfEmpty: form.fillIfEmpty,
    setLocation: form.setLocation,
  });
  const { values, errors, setField, chooseTimeOfDay, timeOfDayChosen, location } = form;
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
  // The sun's answer fills Time of Day until the person picks one themselves.
  useEffect(() => {
    if (hint && !timeOfDayChosen && values.timeOfDay !== hint.timeOfDay) setField('timeOfDay', hint.timeOfDay);
  }, [hint, timeOfDayChosen, values.timeOfDay, setField]);

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    const result = await submit({
      studentId,
      studentName,
      values: form.values,
      coordinates: form.location?.coordinates,
      clientId: form.clientId,
      validate: () => {
        const problems = form.validateAll();
        const ok = Object.values(problems).every((m) => !m);
        if (!ok) focusFirstProblem();
        return ok;
      },
      saveAsDraft: form.saveAsDraft,
      discardDraft: form.discardDraft,
    });
    if (result === 'logged' || result === 'queued') onFinished();
  };

  const cancel = () => {
    form.discardDraft();
    onCancel?.();
  };

  const editing = form.draft !== undefined;
  return (
    <PageFrame
      title={editing ? 'Edit Draft Session' : 'New Driving Session'}
      subtitle={
        editing && form.draft?.savedAt ? `Editing draft saved on ${formatSavedAt(form.draft.savedAt)}` : undefined
      }
    >
      <form className="lls-form" onSubmit={onSubmit} noValidate aria-label="Driving session">
        <FormStepIndicator />
        {notice}
        {form.draft?.serverMessage && (
          <Alert title="This session was not accepted when it was sent" variant="warning">
            {form.draft.serverMessage}
          </Alert>
        )}
        <fieldset className="lls-fieldset" disabled={submitting}>
          <legend className="ll-visually-hidden">Session details</legend>
          <SessionDetailsCard values={values} errors={errors} onChange={onChange} />
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
          <SupervisorDetailsCard values={values} errors={errors} onChange={onChange} />
          <SignatureCard
            key={`supervisor-${form.generation}`}
            title="Supervising Driver Signature"
            padLabel="Supervisor's signature"
            value={values.supervisorSignature}
            error={errors.supervisorSignature}
            onChange={(v) => setField('supervisorSignature', v)}
            disabled={submitting}
          />
        </fieldset>
        {failure && (
          <Alert title="The session was not logged" variant="destructive">
            {failure} Everything you typed is still here.
          </Alert>
        )}
        <div className="lls-actions">
          <Button variant="outline" onClick={() => form.saveAsDraft()} disabled={submitting}>
            Save Draft
          </Button>
          <div className="lls-actions__end">
            {onCancel && (
              <Button variant="ghost" onClick={cancel} disabled={submitting}>
                Cancel
              </Button>
            )}
            <Button type="submit" pending={submitting}>
              {submitting ? 'Submitting...' : 'Submit Session'}
            </Button>
          </div>
        </div>
      </form>
    </PageFrame>
  );
}
