import type { VerificationAnswer } from '../api/fetchVerification';
import { hoursText, sessionsText } from '../lib/verificationText';

export interface VerificationFiguresProps {
  answer: VerificationAnswer;
}

/** Only what lets the holder match the paper: initials, how many sessions, how many hours. */
export function VerificationFigures({ answer }: VerificationFiguresProps) {
  return (
    <dl className="verify-figures">
      <div className="verify-figures__item">
        <dt>Learner</dt>
        <dd data-testid="verify-initials">{answer.initials || 'Not given'}</dd>
      </div>
      <div className="verify-figures__item">
        <dt>Sessions logged</dt>
        <dd data-testid="verify-sessions">{sessionsText(answer.sessionCount)}</dd>
      </div>
      <div className="verify-figures__item">
        <dt>Hours logged</dt>
        <dd data-testid="verify-hours">
          {hoursText(answer.totalHours)}
          <span className="verify-figures__split">
            {answer.dayHours} day · {answer.nightHours} night
          </span>
        </dd>
      </div>
    </dl>
  );
}
