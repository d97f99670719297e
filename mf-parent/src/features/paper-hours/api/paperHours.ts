import { apiFetch, apiRequest, readAnswer } from '@logbook/shell-context/shared';
import { openingBalanceAnswer, type OpeningBalance, type OpeningBalanceInput } from '@logbook/contracts/view';
import { paperHoursKey } from '../../../lib/apiKeys';

/** GET /api/students/:id/opening-balance: zeros until a parent records paper hours. */
export async function fetchPaperHours(key: string): Promise<OpeningBalance> {
  return apiFetch(key, openingBalanceAnswer);
}

/** PUT /api/students/:id/opening-balance; answers with the hours as stored. */
export async function savePaperHours(studentId: number, input: OpeningBalanceInput): Promise<OpeningBalance> {
  const url = paperHoursKey(studentId);
  return readAnswer(await apiRequest('PUT', url, input), openingBalanceAnswer, url);
}
