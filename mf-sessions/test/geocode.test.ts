import { LOCATION_ERRORS } from '@logbook/contracts/messages';
import { DEFAULT_GEOCODE_URL, geocodeUrl } from '../src/lib/geocodeConfig';
import { geocodeRequestUrl, lookUpPlace, placeFromGeocode, positionErrorMessage } from '../src/lib/geocode';

describe('reverse geocoding', () => {
  afterEach(() => {
    delete window.__LOGBOOK_CONFIG__;
  });

  it('reads locality, else city, else countryName, else Unknown location', () => {
    expect(placeFromGeocode({ locality: 'Norwood', city: 'Adelaide', countryName: 'Australia' })).toBe('Norwood');
    expect(placeFromGeocode({ locality: '', city: 'Adelaide', countryName: 'Australia' })).toBe('Adelaide');
    expect(placeFromGeocode({ countryName: 'Australia' })).toBe('Australia');
    expect(placeFromGeocode({})).toBe('Unknown location');
    expect(placeFromGeocode(null)).toBe('Unknown location');
  });

  it('asks the configured service with latitude, longitude and English names', () => {
    expect(geocodeUrl()).toBe(DEFAULT_GEOCODE_URL);
    window.__LOGBOOK_CONFIG__ = { geocodeUrl: 'https://geo.example.test/reverse' };
    const url = new URL(geocodeRequestUrl(-34.92, 138.6));
    expect(url.origin + url.pathname).toBe('https://geo.example.test/reverse');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      latitude: '-34.92',
      longitude: '138.6',
      localityLanguage: 'en',
    });
  });

  it('fails when the service does', async () => {
    const down = jest.fn(async () => ({ ok: false, status: 502, statusText: 'Bad Gateway' }) as Response);
    await expect(lookUpPlace(1, 2, down as unknown as typeof fetch)).rejects.toThrow('502');
    const ok = jest.fn(async () => ({ ok: true, json: async () => ({ city: 'Adelaide' }) }) as Response);
    await expect(lookUpPlace(1, 2, ok as unknown as typeof fetch)).resolves.toBe('Adelaide');
  });

  it('maps each geolocation failure to its Location Error text', () => {
    expect(positionErrorMessage({ code: 1 })).toBe(LOCATION_ERRORS.denied);
    expect(positionErrorMessage({ code: 2 })).toBe(LOCATION_ERRORS.unavailable);
    expect(positionErrorMessage({ code: 3 })).toBe(LOCATION_ERRORS.timeout);
    expect(positionErrorMessage(undefined)).toBe(LOCATION_ERRORS.failed);
  });
});
