import { lazy, Suspense, useCallback, useEffect, useId, useState, type FormEvent } from 'react';
import { FORM_STEPS } from '@logbook/contracts/view';
import { Alert, Card, PageFrame, ProgressBar } from '@logbook/ui/shared';
import { ChangeReasonField } from '../../../lib/ChangeReasonField';
import type { SessionField } from '../../../lib/sessionValues';
import { useCorrection } from '../hooks/useCorrection';
import { useCurrentLocation } from '../hooks/useCurrentLocation';
import { useLogSession } from '../hooks/useLogSession';
import { useRemoteSignOff } from '../hooks/useRemoteSignOff';
import { useSessionForm } from '../hooks/useSessionForm';
import { useSunSuggestion } from '../hooks/useSunSuggestion';
import { useSupervisorSelection } from '../hooks/useSupervisorSelection';
import { useVehicleQuestions } from '../hooks/useVehicleQuestions';
import { DriveSplitChoice, type SplitMode } from './DriveSplitChoice';
import { DrivingConditionsCard } from './DrivingConditionsCard';
import { LocationDetailsCard } from './LocationDetailsCard';
import { NearViewport } from './NearViewport';
import { SessionDetailsCard } from './SessionDetailsCard';
import { SessionFormActions } from './SessionFormActions';
import { SessionFormStyles } from './SessionFormStyles';
import { SignatureCard } from './SignatureCard';
import { SupervisorDetailsCard } from './SupervisorDetailsCard';
import { SupervisorSignatureCard } from './SupervisorSignatureCard';
import { TimeOfDaySuggestion } from './TimeOfDaySuggestion';
import { VehicleDetailsUnavailable } from './VehicleDetailsUnavailable';
import { formSubtitle, formTitle } from '../utils/formHeading';
import type { SessionFormProps } from '../utils/sessionFormProps';
import { licenceYearProblem } from '../utils/supervisorChoice';

// Below the first screenful: its code is fetched once the form is used or scrolled to it. Offline, before it was ever
// fetched, the form goes on without it.
const loadVehicleCard = () => import('./VehicleDetailsCard').catch(() => ({ default: VehicleDetailsUnavailable }));
const VehicleDetailsCard = lazy(loadVehicleCard);

/** A driving session: new, from a draft, from a drive just ended, or correcting a logged one. */
export function SessionForm(props: SessionFormProps) {
  const { studentId, studentName, correcting, onCancel, notice } = props;
  const { vehicleDetails, vehicleAsked, ruleState, setDriveDate } = useVehicleQuestions(studentId);
  const form = useSessionForm({ ...props, vehicleAsked });
  const { values, errors, setField, chooseTimeOfDay } = form;
  useEffect(() => setDriveDate(values.date), [setDriveDate, values.date]);
  const { supervisors, selection, setSelection, supervisor } = useSupervisorSelection(values, setField);
  const remote = useRemoteSignOff();
  const [splitMode, setSplitMode] = useState<SplitMode>('two');
  // A submit was tried: someone else's licence year that is not one is named.
  const [submitted, setSubmitted] = useState(false);
  const { hint, split } = useSunSuggestion(form);
  const { locate, locating } = useCurrentLocation(form);
  const correction = useCorrection(props, form, supervisor);
  const { logSession, submitting, failure } = useLogSession(props, form, remote, supervisor, () => {
    setSubmitted(true);
    return !licenceYearProblem(selection);
  });
  const hintId = useId();

  const onChange = useCallback(
    (field: SessionField, value: string) => (field === 'timeOfDay' ? chooseTimeOfDay(value) : setField(field, value)),
    [setField, chooseTimeOfDay],
  );
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    void (correcting ? correction.submitCorrection(correcting) : logSession(split, splitMode));
  };
  const cancel = () => {
    form.discardDraft();
    onCancel?.();
  };

  const stepLabel = `Step ${FORM_STEPS.current} of ${FORM_STEPS.total}`;
  const heading = { correcting: Boolean(correcting), draft: form.draft, fromDrive: form.fromDrive };
  const busy = submitting || correction.pending;
  const cardProps = { values, errors, onChange };
  return (
    <PageFrame title={formTitle(heading)} subtitle={formSubtitle(heading)}>
      <form
        className="lls-form"
        onSubmit={onSubmit}
        onFocus={() => void loadVehicleCard()}
        noValidate
        aria-label="Driving session"
      >
        <SessionFormStyles />
        <div className="lls-steps">
          <p className="lls-steps__label">{stepLabel}</p>
          <ProgressBar value={(FORM_STEPS.current / FORM_STEPS.total) * 100} label={stepLabel} />
        </div>
        {notice}
        {form.draft?.serverMessage && (
          <Alert title="This session was not accepted when it was sent" variant="warning">
            {form.draft.serverMessage}
          </Alert>
        )}
        <fieldset className="lls-fieldset" disabled={busy}>
          <legend className="ll-visually-hidden">Session details</legend>
          {correcting && (
            <Card
              title="Reason for the correction"
              headingLevel={2}
              description="Both signatures are drawn again for the corrected session."
            >
              <ChangeReasonField
                label="Reason"
                reason={correction.reason}
                error={correction.reasonError}
                onChange={correction.changeReason}
              />
            </Card>
          )}
          <SessionDetailsCard {...cardProps} />
          {split && <DriveSplitChoice split={split} mode={splitMode} onChange={setSplitMode} />}
          <LocationDetailsCard {...cardProps} locating={locating} onLocate={(end) => void locate(end)} />
          <DrivingConditionsCard
            {...cardProps}
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
                {...cardProps}
                vehicles={vehicleDetails?.vehicles ?? []}
                asked={vehicleAsked ?? { registration: false, odometer: false }}
              />
            </Suspense>
          </NearViewport>
          <SignatureCard
            {...cardProps}
            field="studentSignature"
            title="Student Signature"
            padLabel={`Signature of ${studentName || 'the student'}`}
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
            {...cardProps}
            supervisors={supervisors}
            selection={selection}
            onSelect={setSelection}
            familyState={ruleState}
            showProblems={submitted}
          />
          <SupervisorSignatureCard
            {...cardProps}
            disabled={submitting}
            correcting={Boolean(correcting)}
            remote={remote}
            savedEmail={() => supervisors?.find((s) => s.id === selection.savedId)?.email}
          />
        </fieldset>
        {(failure ?? correction.failure) && (
          <Alert
            title={correcting ? 'The correction was not saved' : 'The session was not logged'}
            variant="destructive"
          >
            {failure ?? correction.failure} Everything you typed is still here.
          </Alert>
        )}
        <SessionFormActions
          correcting={Boolean(correcting)}
          busy={busy}
          onSaveDraft={() => form.saveAsDraft()}
          onCancel={onCancel && cancel}
        />
      </form>
    </PageFrame>
  );
}
