import { apiFetch, apiRequest, readAnswer } from '@logbook/shell-context/shared';
import { openingBalanceResponseSchema, type OpeningBalance, type OpeningBalanceInput } from '@logbook/contracts/shared';
import { paperHoursKey } from '../../../lib/apiKeys';

/** GET /api/students/:id/opening-balance: zeros until a parent records paper hours. */
export async function fetchPaperHours(key: string): Promise<OpeningBalance> {
  return apiFetch(key, openingBalanceResponseSchema);
}

/** PUT /api/students/:id/opening-balance; answers with the hours as stored. */
export async function savePaperHours(studentId: number, input: OpeningBalanceInput): Promise<OpeningBalance> {
  const url = paperHoursKey(studentId);
  return readAnswer(await apiRequest('PUT', url, input), openingBalanceResponseSchema, url);
}
