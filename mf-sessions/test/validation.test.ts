import { localDateISO, todayInTimeZone } from '@logbook/contracts/dates';
import { VALIDATION } from '@logbook/contracts/messages';
import { odometerDistance, validateField, validateSession } from '../src/features/session-form/utils/validation';
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
  weatherConditions: 'clear',
  studentSignature: SIGNATURE,
  supervisorName: 'Pat Driver',
  supervisorLicenseNumber: 'SA12345',
  supervisorSignature: SIGNATURE,
  vehicleRegistration: '',
  odometerStart: '',
  odometerEnd: '',
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
      weatherConditions: VALIDATION.weatherRequired,
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

  it('refuses a date after today beside Date, and accepts today', () => {
    const today = '2026-11-23';
    expect(validateSession({ ...complete(), date: '2026-11-24' }, { today })).toEqual({
      date: VALIDATION.dateInFuture,
    });
    expect(validateField({ ...complete(), date: '2099-12-31' }, 'date', { today })).toBe(VALIDATION.dateInFuture);
    expect(validateSession({ ...complete(), date: today }, { today })).toEqual({});
    // Without a given day, today in Adelaide or on the device, whichever is later, is the limit.
    expect(validateField({ ...complete(), date: '2999-01-01' }, 'date')).toBe(VALIDATION.dateInFuture);
    expect(validateField({ ...complete(), date: localDateISO() }, 'date')).toBeUndefined();
    expect(validateField({ ...complete(), date: todayInTimeZone('Australia/Adelaide')! }, 'date')).toBeUndefined();
  });

  describe('on its own clock, as the server judges the date', () => {
    // The browser's own formatter: the fake clock wraps Intl, and the zone is still read from this one.
    const browserFormat = Intl.DateTimeFormat.prototype;
    const resolved = browserFormat.resolvedOptions;
    const deviceIn = (timeZone: string) =>
      jest.spyOn(browserFormat, 'resolvedOptions').mockImplementation(function (this: Intl.DateTimeFormat) {
        return { ...resolved.call(this), timeZone };
      });
    afterEach(() => {
      jest.restoreAllMocks();
      jest.useRealTimers();
    });

    it('accepts Adelaide’s today once it has begun, wherever the device is', () => {
      // 15:00 UTC on 10 June is 00:30 on the 11th in Adelaide.
      jest.useFakeTimers({ now: new Date('2026-06-10T15:00:00Z') });
      deviceIn('Europe/London');
      expect(validateField({ ...complete(), date: '2026-06-11' }, 'date')).toBeUndefined();
      expect(validateField({ ...complete(), date: '2026-06-12' }, 'date')).toBe(VALIDATION.dateInFuture);
    });

    it('accepts the device’s own today when its zone is already on Adelaide’s tomorrow', () => {
      // 13:00 UTC on 10 June: 22:30 on the 10th in Adelaide, 21:00 in Perth, 01:00 on the 11th in Auckland.
      jest.useFakeTimers({ now: new Date('2026-06-10T13:00:00Z') });
      deviceIn('Australia/Perth');
      expect(validateField({ ...complete(), date: '2026-06-11' }, 'date')).toBe(VALIDATION.dateInFuture);
      deviceIn('Pacific/Auckland');
      expect(validateField({ ...complete(), date: '2026-06-11' }, 'date')).toBeUndefined();
    });
  });

  it('refuses a date before the student’s date of birth when the form knows it', () => {
    const dateOfBirth = '2008-04-12';
    expect(validateField({ ...complete(), date: '2008-04-11' }, 'date', { dateOfBirth })).toBe(
      VALIDATION.dateBeforeBirth,
    );
    expect(validateField({ ...complete(), date: '1900-01-01' }, 'date', { dateOfBirth })).toBe(
      VALIDATION.dateBeforeBirth,
    );
    expect(validateField({ ...complete(), date: dateOfBirth }, 'date', { dateOfBirth })).toBeUndefined();
    // Unknown (a student's own sign-in): the server checks it when the session is sent.
    expect(validateField({ ...complete(), date: '1900-01-01' }, 'date')).toBeUndefined();
  });

  it('keeps the message for a date that is not real', () => {
    expect(validateField({ ...complete(), date: '2026-02-30' }, 'date', { dateOfBirth: '2008-04-12' })).toBe(
      VALIDATION.dateInvalid,
    );
  });

  it('reports one field at a time for checks on change', () => {
    expect(validateField({ ...complete(), startSuburb: '' }, 'startSuburb')).toBe(VALIDATION.startSuburbRequired);
    expect(validateField({ ...complete(), startSuburb: '' }, 'endSuburb')).toBeUndefined();
  });

  describe('vehicle details', () => {
    const QUEENSLAND = { vehicleAsked: { registration: true, odometer: true } };

    it('leaves them optional where the state does not ask for them', () => {
      expect(validateSession({ ...complete(), vehicleRegistration: 'S123ABC' })).toEqual({});
      expect(validateSession({ ...complete(), odometerStart: '41250' })).toEqual({});
    });

    it('asks for the registration and both odometer readings where the state records them', () => {
      expect(validateSession(complete(), QUEENSLAND)).toEqual({
        vehicleRegistration: VALIDATION.vehicleRegistrationRequired,
        odometerStart: VALIDATION.odometerStartRequired,
        odometerEnd: VALIDATION.odometerEndRequired,
      });
      const given = { ...complete(), vehicleRegistration: '123ABC', odometerStart: '41250', odometerEnd: '41273' };
      expect(validateSession(given, QUEENSLAND)).toEqual({});
    });

    it('refuses an odometer that goes backwards or is not whole kilometres, and a long plate', () => {
      expect(validateSession({ ...complete(), odometerStart: '500', odometerEnd: '499' })).toEqual({
        odometerEnd: VALIDATION.odometerEndBeforeStart,
      });
      expect(validateSession({ ...complete(), odometerStart: '12.5' })).toEqual({
        odometerStart: VALIDATION.odometerInvalid,
      });
      expect(validateSession({ ...complete(), vehicleRegistration: 'X'.repeat(13) })).toEqual({
        vehicleRegistration: VALIDATION.vehicleRegistrationInvalid,
      });
    });

    it('works out the distance once both readings are in order', () => {
      expect(odometerDistance({ odometerStart: '41250', odometerEnd: '41273' })).toBe(23);
      expect(odometerDistance({ odometerStart: '41250', odometerEnd: '41250' })).toBe(0);
      expect(odometerDistance({ odometerStart: '41250', odometerEnd: '' })).toBeNull();
      expect(odometerDistance({ odometerStart: '500', odometerEnd: '499' })).toBeNull();
    });
  });
});
