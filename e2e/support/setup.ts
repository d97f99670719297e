// Journeys start Chromium and the whole stack: far slower than unit tests.
jest.setTimeout(180_000);
