import { cx } from '@logbook/ui/lib/cx';
import { ShieldAlertIcon, ShieldCheckIcon } from '../../../lib/pageIcons';
import type { VerificationAnswer } from '../api/fetchVerification';
import { checkedAtText, describeBreak } from '../lib/verificationText';
import { VerificationFigures } from './VerificationFigures';

export interface VerificationResultProps {
  answer: VerificationAnswer;
}

/** Intact or altered, said in words first; colour and icon only repeat it. */
export function VerificationResult({ answer }: VerificationResultProps) {
  const altered = !answer.intact && answer.brokenAt;
  const checkedAt = checkedAtText(answer.checkedAt);
  return (
    <section
      className={cx('verify-result', altered ? 'verify-result--altered' : 'verify-result--intact')}
      aria-labelledby="verify-result-title"
      data-testid="verify-result"
      data-intact={String(!altered)}
    >
      <div className="verify-result__head">
        <div className="ll-tile verify-result__icon" aria-hidden="true">
          {altered ? <ShieldAlertIcon /> : <ShieldCheckIcon />}
        </div>
        <div>
          <p className="verify-result__verdict">{altered ? 'Altered' : 'Intact'}</p>
          <h1 id="verify-result-title" className="verify-result__title">
            {altered ? 'This log book has been changed' : 'This log book is intact'}
          </h1>
        </div>
      </div>
      {altered ? (
        <div className="verify-result__text">
          <p data-testid="verify-broken-entry">
            <strong>{describeBreak(answer.brokenAt!, answer.sessionCount)}</strong>
          </p>
          <p>
            The entries before it are as they were logged. From that entry on, this log book no longer matches what was
            recorded, so its hours cannot be relied on. Ask the family for the original log book.
          </p>
        </div>
      ) : (
        <p className="verify-result__text">
          Every entry is exactly as it was logged: none has been changed or removed since. Check that the figures below
          match the printed log book.
        </p>
      )}
      <VerificationFigures answer={answer} />
      {checkedAt && <p className="verify-result__checked">Checked {checkedAt}</p>}
    </section>
  );
}
