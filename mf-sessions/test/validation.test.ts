import { VALIDATION } from '@logbook/contracts/messages';
import { validateField, validateSession } from '../src/features/session-form/utils/validation';
import { emptySessionValues, type SessionValues } from '../src/lib/sessionValues';

const SIGNATURE = 'data:image/png;base64,iVBORw0KGgo=';

const complete = (): SessionValues => ({
  date: '2026-03-07',
  startTime: '09:00',
  endTime: '10:30',
  startSuburb: 'Norwood',
  endSuburb: 'Glenelg',
  timeOfDay: 'day',
  trafficConditions: 'light',
  roadConditions: 'sealed',
  studentSignature: SIGNATURE,
  supervisorName: 'Pat Driver',
  supervisorLicenseNumber: 'SA12345',
  supervisorSignature: SIGNATURE,
});

describe('session form validation', () => {
  it('accepts a complete session', () => {
    expect(validateSession(complete())).toEqual({});
  });

  it('names every empty field with its own message', () => {
    const { date: _date, startTime: _start, ...rest } = validateSession(emptySessionValues());
    expect(rest).toEqual({
      endTime: VALIDATION.endTimeRequired,
      startSuburb: VALIDATION.startSuburbRequired,
      endSuburb: VALIDATION.endSuburbRequired,
      timeOfDay: VALIDATION.timeOfDayRequired,
      trafficConditions: VALIDATION.trafficRequired,
      roadConditions: VALIDATION.roadRequired,
      studentSignature: 'Student signature is required',
      supervisorName: VALIDATION.supervisorNameRequired,
      supervisorLicenseNumber: VALIDATION.supervisorLicenseRequired,
      supervisorSignature: 'Supervisor signature is required',
    });
    expect(_date).toBe(VALIDATION.dateRequired);
    expect(_start).toBe(VALIDATION.startTimeRequired);
  });

  it('treats blank text as empty', () => {
    expect(validateField({ ...complete(), supervisorName: '   ' }, 'supervisorName')).toBe(
      VALIDATION.supervisorNameRequired,
    );
  });

  it('refuses equal start and end times beside End Time', () => {
    expect(validateField({ ...complete(), endTime: '09:00' }, 'endTime')).toBe(VALIDATION.sameStartAndEnd);
  });

  it('accepts a session that ends after midnight', () => {
    expect(validateSession({ ...complete(), startTime: '23:00', endTime: '00:30' })).toEqual({});
  });

  it('refuses values outside the spec lists and a signature that is not an image', () => {
    const errors = validateSession({ ...complete(), roadConditions: 'gravel', studentSignature: 'hello' });
    expect(errors.roadConditions).toBe(VALIDATION.roadRequired);
    expect(errors.studentSignature).toBe(VALIDATION.signatureInvalid);
  });

  it('reports one field at a time for checks on change', () => {
    expect(validateField({ ...complete(), startSuburb: '' }, 'startSuburb')).toBe(VALIDATION.startSuburbRequired);
    expect(validateField({ ...complete(), startSuburb: '' }, 'endSuburb')).toBeUndefined();
  });
});
