import { useState } from 'react';
import { useSWRConfig } from 'swr';
import { toast } from '@logbook/shell-context/shared';
import { TOASTS } from '@logbook/contracts/view';
import type { OpeningBalanceInput, Student } from '@logbook/contracts/view';
import { paperHoursKey, progressSummaryKey } from '../../../lib/apiKeys';
import { serverMessageOr } from '../../../lib/errors';
import { fetchProgressSummary } from '../../../lib/progressSummaries';
import { savePaperHours } from '../api/paperHours';
import { PAPER_HOURS_SAVE_FAILED, PAPER_HOURS_SAVED, paperHoursSavedText } from '../utils/paperHoursForm';

/** Saves a student's paper hours, tells the parent, and refreshes the progress that counts them. */
export function useSavePaperHours(student: Pick<Student, 'id' | 'firstName'>) {
  const [pending, setPending] = useState(false);
  const { cache, mutate } = useSWRConfig();

  /** True once the server has stored the hours; on failure the form keeps what was typed. */
  const save = async (input: OpeningBalanceInput): Promise<boolean> => {
    setPending(true);
    try {
      const saved = await savePaperHours(student.id, input);
      await mutate(paperHoursKey(student.id), saved, { revalidate: false });
      toast({ title: PAPER_HOURS_SAVED, description: paperHoursSavedText(saved, student.firstName) });
      const summaryKey = progressSummaryKey(student.id);
      // A progress panel seen before opens on the new totals; one never seen fetches them when it opens.
      if (cache.get(summaryKey) !== undefined) {
        await mutate(summaryKey, fetchProgressSummary(summaryKey), { revalidate: false }).catch(() => undefined);
      }
      return true;
    } catch (error) {
      toast({
        title: TOASTS.error,
        description: serverMessageOr(error, PAPER_HOURS_SAVE_FAILED),
        variant: 'destructive',
      });
      return false;
    } finally {
      setPending(false);
    }
  };

  return { save, pending };
}
