import { registerServiceWorker } from '../src/features/pwa/lib/registerServiceWorker';

/** A stand-in for the browser's service worker objects: what the shell registers, and what it posts to the worker. */
class FakeWorker extends EventTarget {
  posted: unknown[] = [];
  constructor(public state: ServiceWorkerState) {
    super();
  }
  postMessage(message: unknown) {
    this.posted.push(message);
  }
  become(state: ServiceWorkerState) {
    this.state = state;
    this.dispatchEvent(new Event('statechange'));
  }
}

class FakeRegistration extends EventTarget {
  installing: FakeWorker | null = null;
  waiting: FakeWorker | null = null;
  active: FakeWorker | null = null;
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));
const ENTRIES = ['/mf/parent/remoteEntry.js', '/mf/sessions/remoteEntry.js'];
const absolute = (path: string) => new URL(path, location.href).href;

function install(registration: FakeRegistration) {
  const register = jest.fn(async () => registration);
  Object.defineProperty(navigator, 'serviceWorker', { configurable: true, value: { register } });
  return register;
}

/** What this page fetched: one remote chunk past the worker (workerStart 0), one through it, one of the shell's. */
const FETCHED = [
  { name: '/mf/parent/assets/Dashboard-abc.js', workerStart: 0 },
  { name: '/mf/parent/assets/Card-def.js', workerStart: 12 },
  { name: '/assets/index-123.js', workerStart: 0 },
];
const CACHED = [...ENTRIES, '/mf/parent/assets/Dashboard-abc.js'].map(absolute);

beforeEach(() => {
  Object.defineProperty(performance, 'getEntriesByType', {
    configurable: true,
    value: (type: string) => (type === 'resource' ? FETCHED.map((e) => ({ ...e, name: absolute(e.name) })) : []),
  });
});

afterEach(() => {
  delete (navigator as { serviceWorker?: unknown }).serviceWorker;
});

describe('registerServiceWorker', () => {
  it('registers /sw.js for the whole site and hands it the remote entries and the remote files fetched past it once it is activated', async () => {
    const registration = new FakeRegistration();
    const worker = new FakeWorker('installing');
    registration.installing = worker;
    const register = install(registration);

    registerServiceWorker(ENTRIES);
    await flush();
    expect(register).toHaveBeenCalledWith('/sw.js', { scope: '/' });
    expect(worker.posted).toEqual([]);

    worker.become('installed');
    expect(worker.posted).toEqual([]);
    registration.installing = null;
    registration.active = worker;
    worker.become('activated');
    expect(worker.posted).toEqual([{ type: 'CACHE_URLS', payload: { urlsToCache: CACHED } }]);
  });

  it('tops up a worker that is already active', async () => {
    const registration = new FakeRegistration();
    const worker = new FakeWorker('activated');
    registration.active = worker;
    install(registration);

    registerServiceWorker(ENTRIES);
    await flush();
    expect(worker.posted).toEqual([{ type: 'CACHE_URLS', payload: { urlsToCache: CACHED } }]);
  });

  it('hands the files to a worker found later as an update, once it is activated', async () => {
    const registration = new FakeRegistration();
    const old = new FakeWorker('activated');
    registration.active = old;
    install(registration);
    registerServiceWorker(ENTRIES);
    await flush();
    old.posted = [];

    const update = new FakeWorker('installing');
    registration.installing = update;
    registration.dispatchEvent(new Event('updatefound'));
    registration.active = update;
    update.become('activated');
    expect(update.posted).toEqual([{ type: 'CACHE_URLS', payload: { urlsToCache: CACHED } }]);
    expect(old.posted).toEqual([]);
  });

  it('does nothing where the browser has no service workers', () => {
    expect(() => registerServiceWorker(ENTRIES)).not.toThrow();
  });
});
