import { useEffect, useRef, useState } from 'react';
import { useLocation, useParams } from 'react-router-dom';
import { Alert } from '@logbook/ui/Alert';
import { Spinner } from '@logbook/ui/Spinner';
import { SIGN_OFF_MESSAGES } from '@logbook/contracts/sign-off';
import { PublicPage } from '../../../lib/PublicPage';
import { fetchSignOffEntry, type Outcome, type SignOffDone, type SignOffEntry } from '../api/signOffApi';
import { SignOffEntryDetails } from './SignOffEntryDetails';
import { SignOffForm } from './SignOffForm';
import './signOff.css';

function Ended({ outcome }: { outcome: Outcome<SignOffDone> | Outcome<SignOffEntry> }) {
  if (outcome.kind === 'notLive') {
    return (
      <Alert variant="warning" title="This link no longer works">
        <p>{SIGN_OFF_MESSAGES.linkNotLive} Links work once, for 7 days.</p>
      </Alert>
    );
  }
  if (outcome.kind === 'failed') {
    return (
      <Alert variant="destructive" title="Something went wrong">
        <p>
          {outcome.offline
            ? "You're offline. Signing needs an internet connection: try again when you're back online."
            : 'Please try again in a moment.'}
        </p>
      </Alert>
    );
  }
  if (outcome.kind === 'ok' && 'status' in outcome.answer && outcome.answer.status === 'signed') {
    return (
      <Alert variant="success" title="Signed. Thank you!">
        <p>The drive is in the learner&apos;s log book with your signature, signed remotely.</p>
        {outcome.answer.supervisorRuleNotMet && (
          <p>It is marked because your full licence is newer than the learner&apos;s state asks.</p>
        )}
      </Alert>
    );
  }
  return (
    <Alert variant="info" title="Declined">
      <p>The family has been told, and the drive will not count.</p>
    </Alert>
  );
}

/**
 * /sign#<token>, public: a supervisor checks a drive a learner logged and signs it, or declines, on their own phone.
 * The token is in the fragment, which the browser never sends; links sent earlier carry it in the path.
 */
export function SignOffPage() {
  const { token: inPath } = useParams();
  const { hash } = useLocation();
  const token = inPath ?? decodeURIComponent(hash.replace(/^#/, ''));
  const [loaded, setLoaded] = useState<Outcome<SignOffEntry> | null>(null);
  const [done, setDone] = useState<Outcome<SignOffDone> | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    let live = true;
    void fetchSignOffEntry(token).then((outcome) => live && setLoaded(outcome));
    return () => {
      live = false;
    };
  }, [token]);
  useEffect(() => {
    if (done) heading.current?.focus();
  }, [done]);

  return (
    <PublicPage mainClassName="sign-off">
      <div className="sign-off__panel">
        <h1 ref={heading} tabIndex={-1} className="sign-off__title">
          Sign a supervised drive
        </h1>
        {!loaded && <Spinner label="Opening the drive…" />}
        {done && <Ended outcome={done} />}
        {!done && loaded && loaded.kind !== 'ok' && <Ended outcome={loaded} />}
        {!done && loaded?.kind === 'ok' && (
          <>
            <p>
              {loaded.answer.learner} logged this drive with you as the supervisor. Check it is right, then sign. No
              account is needed.
            </p>
            <SignOffEntryDetails entry={loaded.answer} />
            <SignOffForm token={token} entry={loaded.answer} onDone={setDone} />
          </>
        )}
      </div>
    </PublicPage>
  );
}
