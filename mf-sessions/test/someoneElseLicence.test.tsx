import { useState } from 'react';
import { fireEvent, render, screen } from '@testing-library/react';
import { VALIDATION } from '@logbook/contracts/messages';
import { SupervisorDetailsCard } from '../src/features/session-form/components/SupervisorDetailsCard';
import {
  SOMEONE_ELSE,
  supervisorPayload,
  type SupervisorSelection,
} from '../src/features/session-form/utils/supervisorChoice';
import { emptySessionValues, sessionPayload } from '../src/lib/sessionValues';

const saved = [
  {
    id: 3,
    name: 'Pat Saved',
    licenseNumber: 'SA1',
    isInstructor: false,
    licenceState: 'SA',
    fullLicenceYear: 1999,
    lastUsedAt: null,
    createdAt: '2026-01-01T00:00:00.000Z',
  },
];

let chosen: SupervisorSelection = SOMEONE_ELSE;

function Card({
  familyState = 'SA',
  showProblems = false,
}: {
  familyState?: 'SA' | 'WA' | 'NSW';
  showProblems?: boolean;
}) {
  const [selection, setSelection] = useState<SupervisorSelection>(SOMEONE_ELSE);
  chosen = selection;
  return (
    <SupervisorDetailsCard
      values={{ ...emptySessionValues(), supervisorName: 'Robin Other', supervisorLicenseNumber: 'QX1' }}
      errors={{}}
      onChange={jest.fn()}
      supervisors={saved}
      selection={selection}
      onSelect={setSelection}
      familyState={familyState}
      showProblems={showProblems}
    />
  );
}

const thisYear = new Date().getFullYear();

describe('"Someone else" on the session form', () => {
  it("asks the licence's state and the year of the full licence, and warns when the family's state rule is not met", async () => {
    render(<Card />);
    const state = (await screen.findByLabelText('Licence issued in (optional)')) as HTMLSelectElement;
    fireEvent.change(state, { target: { value: 'QLD' } });
    fireEvent.change(screen.getByLabelText('Year of full licence (optional)'), {
      target: { value: String(thisYear - 1) },
    });
    expect(screen.getByTestId('licence-shortfall').textContent).toBe(
      `South Australia asks that a supervisor has held a full licence for 2 years: a full licence from ${thisYear - 1} counts 0 years so far, so drives with them do not count toward the test yet.`,
    );
    fireEvent.change(screen.getByLabelText('Year of full licence (optional)'), { target: { value: '2001' } });
    expect(screen.queryByTestId('licence-shortfall')).toBeNull();

    // Sent with the entry, as a saved supervisor's are kept with them.
    expect(sessionPayload(emptySessionValues(), 7, 'c1', undefined, supervisorPayload(chosen, saved))).toMatchObject({
      supervisorIsInstructor: false,
      rememberSupervisor: true,
      supervisorLicenceState: 'QLD',
      supervisorFullLicenceYear: 2001,
    });

    // A licensed driving instructor meets the rule whatever the year.
    fireEvent.change(screen.getByLabelText('Year of full licence (optional)'), { target: { value: String(thisYear) } });
    expect(screen.getByTestId('licence-shortfall')).toBeTruthy();
    fireEvent.click(screen.getByLabelText('Licensed driving instructor'));
    expect(screen.queryByTestId('licence-shortfall')).toBeNull();
  });

  it('names a year that is not one and sends none; a saved supervisor is not asked', async () => {
    render(<Card familyState="WA" showProblems />);
    fireEvent.change(await screen.findByLabelText('Year of full licence (optional)'), { target: { value: '19' } });
    expect(screen.getByText(VALIDATION.fullLicenceYearInvalid)).toBeTruthy();
    expect(supervisorPayload(chosen, saved)).not.toHaveProperty('supervisorFullLicenceYear');

    fireEvent.click(screen.getByLabelText(/Pat Saved/));
    expect(screen.queryByLabelText('Year of full licence (optional)')).toBeNull();
    expect(supervisorPayload(chosen, saved)).toEqual({ supervisorId: 3, supervisorIsInstructor: false });
  });
});
