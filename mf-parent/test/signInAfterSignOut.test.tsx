import { act, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { SWRConfig, useSWRConfig } from 'swr';
import type { Student } from '@logbook/contracts/schemas';
import { swrConfig } from '@logbook/shell-context/swrConfig';
import { useStudents } from '@logbook/shell-context/students';

const student = (id: number, firstName: string): Student => ({
  id,
  firstName,
  lastName: 'Lee',
  dateOfBirth: '2008-04-02',
  licenseNumber: null,
  subscriptionStatus: 'active',
  hasStudentLogin: false,
  studentUsername: null,
  createdAt: '2026-01-01T00:00:00.000Z',
});

function StudentNames() {
  const { data } = useStudents();
  return <p data-testid="names">{data ? data.map((s) => s.firstName).join(', ') : 'loading'}</p>;
}

/** One account's screen, sign-out (every cached answer forgotten), then the next account's screen. */
function Device({ onSignOut }: { onSignOut: (clear: () => Promise<unknown>) => void }) {
  const [screenOf, setScreenOf] = useState<'ann' | 'none' | 'ben'>('ann');
  const { mutate } = useSWRConfig();
  onSignOut(async () => {
    setScreenOf('none');
    await mutate(() => true, undefined, { revalidate: false });
  });
  return (
    <>
      {screenOf !== 'none' && <StudentNames key={screenOf} />}
      <button type="button" onClick={() => setScreenOf('ben')}>
        ben
      </button>
    </>
  );
}

it("asks again for the next account's students when the last account's request was set aside at sign-out", async () => {
  const answers: Array<(list: Student[]) => void> = [];
  globalThis.fetch = jest.fn(
    () =>
      new Promise((resolve) => {
        answers.push((list) =>
          resolve({ ok: true, status: 200, json: async () => list, text: async () => JSON.stringify(list) }),
        );
      }),
  ) as unknown as typeof fetch;
  let signOut: () => Promise<unknown> = async () => undefined;
  render(
    <SWRConfig value={{ ...swrConfig, provider: () => new Map() }}>
      <Device onSignOut={(clear) => (signOut = clear)} />
    </SWRConfig>,
  );
  await waitFor(() => expect(answers).toHaveLength(1));

  // Ann signs out while her list is still on its way, and Ben's dashboard opens at once, joining that request.
  await act(async () => {
    await signOut();
  });
  act(() => screen.getByRole('button', { name: 'ben' }).click());
  await act(async () => answers[0]([student(1, 'Ann-child')]));

  // Ann's answer is set aside; Ben's screen asks again, and shows his own students.
  await waitFor(() => expect(answers).toHaveLength(2));
  await act(async () => answers[1]([student(2, 'Ben-child')]));
  await waitFor(() => expect(screen.getByTestId('names').textContent).toBe('Ben-child'));
});
