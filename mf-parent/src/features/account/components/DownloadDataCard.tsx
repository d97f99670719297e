import { Alert, Button, Card } from '@logbook/ui/shared';
import { ACCOUNT_MESSAGES } from '@logbook/contracts/view';
import { useDownloadData } from '../hooks/useDownloadData';

const EXPORTS = [
  { format: 'json', label: 'Download all data (JSON)' },
  { format: 'csv', label: 'Download sessions (CSV)' },
] as const;

/** Download my data: everything the family keeps here as one JSON file, and the sessions as CSV for a spreadsheet. */
export function DownloadDataCard() {
  const { download, pending, failed } = useDownloadData();
  return (
    <Card
      title="Download my data"
      headingLevel={2}
      description="Take a copy of everything your family keeps here."
      data-testid="download-data"
    >
      <div className="pp-stack">
        <ul className="acc-list">
          <li>
            <strong>All data (JSON)</strong>: your account, students, student logins (usernames only), settings,
            supervisors, paper hours and every session with its signatures.
          </li>
          <li>
            <strong>Sessions (CSV)</strong>: one row per session, to open in a spreadsheet.
          </li>
        </ul>
        <div className="ll-actions">
          {EXPORTS.map(({ format, label }) => (
            <Button
              key={format}
              variant="outline"
              onClick={() => void download(format)}
              pending={pending === format}
              disabled={pending !== null}
            >
              {label}
            </Button>
          ))}
        </div>
        {failed && <Alert variant="destructive" title={ACCOUNT_MESSAGES.exportFailed} />}
      </div>
    </Card>
  );
}
