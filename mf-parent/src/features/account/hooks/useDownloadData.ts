import { useState } from 'react';
import { localDateISO } from '@logbook/contracts/view';
import { downloadExport, type ExportFormat } from '../api/account';

/** Downloads the family's data; one download at a time, with the failure kept to show beside the buttons. */
export function useDownloadData() {
  const [pending, setPending] = useState<ExportFormat | null>(null);
  const [failed, setFailed] = useState(false);

  const download = async (format: ExportFormat) => {
    setPending(format);
    setFailed(false);
    try {
      await downloadExport(format, `learner-logbook-${localDateISO(new Date())}.${format}`);
    } catch {
      setFailed(true);
    } finally {
      setPending(null);
    }
  };

  return { download, pending, failed };
}
