import { apiRequest } from '@logbook/shell-context/apiClient';
import { fetcher } from '@logbook/shell-context/swrConfig';
import {
  openingBalanceResponseSchema,
  type OpeningBalance,
  type OpeningBalanceInput,
} from '@logbook/contracts/opening-balance';
import { paperHoursKey } from '../../../lib/apiKeys';

/** GET /api/students/:id/opening-balance: zeros until a parent records paper hours. */
export async function fetchPaperHours(key: string): Promise<OpeningBalance> {
  return openingBalanceResponseSchema.parse(await fetcher(key));
}

/** PUT /api/students/:id/opening-balance; answers with the hours as stored. */
export async function savePaperHours(studentId: number, input: OpeningBalanceInput): Promise<OpeningBalance> {
  const res = await apiRequest('PUT', paperHoursKey(studentId), input);
  return openingBalanceResponseSchema.parse(await res.json());
}
