import { Spinner } from '@logbook/ui/shared';
import { formatDisplayDate, readinessAnswer } from '@logbook/contracts/view';
import { sessionReadinessKey } from '../../../lib/sessionKeys';
import { useStudentRead } from '../../../lib/useStudentRead';

/** The publisher's site as people say it: 'mylicence.sa.gov.au'. */
const siteOf = (url: string) => {
  try {
    return new URL(url).hostname.replace(/^www\./, '');
  } catch {
    return url;
  }
};

/**
 * "Will this log book pass?": each check of the state's rule in force today in plain words, with a word (not only a
 * colour) for done and not yet, and the official page it rests on.
 */
export default function ReadinessChecklist({ studentId }: { studentId: number }) {
  const { data, error } = useStudentRead(sessionReadinessKey, readinessAnswer, studentId);
  if (error && !data) return <p className="lls-paper-note">The checklist could not be loaded.</p>;
  if (!data) return <Spinner label="Checking the log book…" />;
  return (
    <section className="lls-readiness" aria-labelledby="readiness-heading" data-testid="readiness">
      <h3 id="readiness-heading" className="lls-readiness__title">
        Will this log book pass? <strong data-testid="readiness-status">{data.ready ? 'Ready' : 'Not yet'}</strong>
      </h3>
      {data.earliestTestDate && (
        <p className="lls-paper-note" data-testid="earliest-test-date">
          Earliest test date: {formatDisplayDate(data.earliestTestDate)}
        </p>
      )}
      <ul className="lls-readiness__checks">
        {data.checks.map((check) => (
          <li key={check.id} data-testid={`readiness-${check.id}`} data-ok={check.ok}>
            <span aria-hidden="true">{check.ok ? '✓' : '○'}</span>{' '}
            <span className="ll-visually-hidden">{check.ok ? 'Done: ' : ''}</span>
            {check.message}{' '}
            <a href={check.source} target="_blank" rel="noreferrer" className="lls-readiness__source">
              {siteOf(check.source)}
              <span className="ll-visually-hidden"> (opens in a new tab)</span>
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}
