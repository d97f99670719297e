import { fetchSessionList } from '../src/features/session-history/hooks/useDrivingSessions';
import { historyFigures } from '../src/features/session-history/utils/historyFigures';
import { isUnreachable, recallStudent, rememberStudent } from '../src/lib/studentCache';
import { ApiError, ContractError } from '@logbook/shell-context/apiClient';

const originalFetch = globalThis.fetch;
afterEach(() => {
  globalThis.fetch = originalFetch;
});

const answer = (status: number, body: unknown) => {
  globalThis.fetch = jest.fn(async () => ({
    ok: status < 300,
    status,
    json: async () => body,
  })) as unknown as typeof fetch;
};

describe('the session list', () => {
  it("reads a failed list as 'HTTP error! status: {code}'", async () => {
    answer(500, {});
    await expect(fetchSessionList('/api/driving-sessions/7')).rejects.toThrow('HTTP error! status: 500');
  });

  it('reads an answer that is not the contract’s list as a ContractError', async () => {
    answer(200, { sessions: [] });
    await expect(fetchSessionList('/api/driving-sessions/7')).rejects.toBeInstanceOf(ContractError);
    answer(200, [{ id: 1, studentId: 7, date: '2026-03-14' }]);
    await expect(fetchSessionList('/api/driving-sessions/7')).rejects.toBeInstanceOf(ContractError);
    answer(200, []);
    await expect(fetchSessionList('/api/driving-sessions/7')).resolves.toEqual([]);
  });

  it('sums the listed hours by time of day to one decimal', () => {
    expect(
      historyFigures([
        { duration: '1.5 hours', timeOfDay: 'night' },
        { duration: '1.0 hours', timeOfDay: 'day' },
        { duration: '0.3 hours', timeOfDay: 'day' },
      ]),
    ).toEqual({ sessionCount: 3, totalHours: 2.8, dayHours: 1.3, nightHours: 1.5 });
  });
});

describe('the remembered student', () => {
  beforeEach(() => localStorage.clear());

  it('gives back the name and status for the same student only', () => {
    rememberStudent('parent', { id: 7, firstName: 'Sam', lastName: 'Learner', subscriptionStatus: 'active' });
    expect(recallStudent('parent', 7)).toEqual({
      id: 7,
      firstName: 'Sam',
      lastName: 'Learner',
      subscriptionStatus: 'active',
    });
    expect(recallStudent('parent', 8)).toBeUndefined();
    expect(recallStudent('student')).toBeUndefined();
  });

  it('keeps the date of birth, so the form checks a session’s date offline too', () => {
    rememberStudent('parent', {
      id: 9,
      firstName: 'Ava',
      lastName: 'Learner',
      subscriptionStatus: 'active',
      dateOfBirth: '2008-04-12',
    });
    expect(recallStudent('parent', 9)).toMatchObject({ id: 9, dateOfBirth: '2008-04-12' });
  });

  it('is used only when the server cannot be reached', () => {
    expect(isUnreachable(new TypeError('Failed to fetch'))).toBe(true);
    expect(isUnreachable(new ApiError(503, 'Service Unavailable', ''))).toBe(true);
    expect(isUnreachable(new ApiError(404, 'Not Found', ''))).toBe(false);
    expect(isUnreachable(new ApiError(401, 'Unauthorized', ''))).toBe(false);
  });
});
