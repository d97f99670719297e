import { useParams } from 'react-router-dom';
import { Spinner } from '@logbook/ui/Spinner';
import { PRODUCT_NAME } from '@logbook/contracts/constants';
import { API_ERRORS } from '@logbook/contracts/messages';
import { PublicPage } from '../../../lib/PublicPage';
import { useVerification } from '../hooks/useVerification';
import { normaliseCode } from '../lib/verificationText';
import { VerificationCodeForm } from './VerificationCodeForm';
import { VerificationProblem } from './VerificationProblem';
import { VerificationResult } from './VerificationResult';

function VerificationCheck({ code }: { code: string }) {
  const { state, retry } = useVerification(code);
  switch (state.kind) {
    case 'checking':
      return <Spinner label="Checking this log book…" />;
    case 'checked':
      return <VerificationResult answer={state.answer} />;
    case 'unknown':
      return (
        <>
          <VerificationProblem title={API_ERRORS.verificationNotFound}>
            <p>
              The code <code className="verify-code">{code}</code> does not belong to any log book. Check it against the
              code printed on the first page and try again.
            </p>
          </VerificationProblem>
          <VerificationCodeForm label="Try another code" />
        </>
      );
    case 'rateLimited':
      return (
        <VerificationProblem title="Too many checks" onRetry={retry}>
          <p>{API_ERRORS.tooManyAttempts}</p>
        </VerificationProblem>
      );
    case 'failed':
      return (
        <VerificationProblem title="The log book could not be checked" onRetry={retry}>
          <p>
            {state.offline
              ? "You're offline. Checking a log book needs an internet connection: try again when you're back online."
              : 'Something went wrong while checking this log book. Please try again.'}
          </p>
        </VerificationProblem>
      );
  }
}

/** /verify/:code, public: anyone holding a printed log book can see whether it was changed after it was logged. */
export function VerificationPage() {
  const { code: raw } = useParams();
  const code = normaliseCode(raw ?? '');
  return (
    <PublicPage mainClassName="verify">
      <div className="ll-panel verify__panel">
        {code ? (
          <VerificationCheck key={code} code={code} />
        ) : (
          <section className="verify-intro" aria-labelledby="verify-intro-title">
            <h1 id="verify-intro-title" className="verify-result__title">
              Check a log book
            </h1>
            <p className="verify-result__text">
              Enter the verification code printed on the first page of a {PRODUCT_NAME} PDF to see whether any entry was
              changed after it was logged.
            </p>
            <VerificationCodeForm />
          </section>
        )}
      </div>
      <p className="verify__privacy">
        This check shows only the learner&apos;s initials, the number of sessions and the hours. Names, licence numbers
        and signatures are never shown.
      </p>
    </PublicPage>
  );
}
