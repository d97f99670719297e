/** One jest run across every workspace. Node projects speak to services through supertest; jsdom projects test
 * front-end logic; e2e drives Chromium against the whole stack. */
const swc = [
  '@swc/jest',
  {
    jsc: {
      parser: { syntax: 'typescript', tsx: true },
      transform: { react: { runtime: 'automatic' } },
      target: 'es2022',
    },
    module: { type: 'commonjs' },
  },
];
const transform = { '^.+\\.(t|j)sx?$': swc };

/** Tests that race many requests or hash many passwords at once: a project of their own (`races`), so that
 * `npm run test:quick` runs everything else. */
const RACES = ['/test/[^/]*races\\.test\\.ts$', '/test/[^/]*-load\\.test\\.ts$'];
const SERVICES = ['svc-auth', 'svc-students', 'svc-billing', 'svc-logbook'];

const node = (name, dir, extra = {}) => ({
  displayName: name,
  rootDir: `<rootDir>/${dir}`,
  testEnvironment: 'node',
  transform,
  testMatch: ['<rootDir>/**/*.test.ts'],
  testPathIgnorePatterns: ['/node_modules/', '/dist/', ...RACES],
  setupFilesAfterEnv: [`${__dirname}/jest.today.js`],
  ...extra,
});

/** Checks, before a project's tests run, for the system packages they use (scripts/system-packages/list.txt). */
const systemPackagesFor = (name) => `${__dirname}/scripts/system-packages/${name}.cjs`;

const web = (name, dir) => ({
  displayName: name,
  rootDir: `<rootDir>/${dir}`,
  testEnvironment: 'jsdom',
  testMatch: ['<rootDir>/**/*.test.{ts,tsx}'],
  testPathIgnorePatterns: ['/node_modules/', '/dist/'],
  setupFiles: [__dirname + '/jest.web-setup.js'],
  // The QR encoder is published as an ES module only.
  transform: { ...transform, '/node_modules/lean-qr/.+\\.mjs$': swc },
  transformIgnorePatterns: ['/node_modules/(?!lean-qr/)'],
  moduleNameMapper: {
    '\\.(css|svg|png)$': __dirname + '/jest.asset-stub.js',
    '^mf_[a-z]+/.*$': __dirname + '/jest.asset-stub.js',
  },
});

module.exports = {
  testTimeout: 30000,
  globalSetup: './jest.global-setup.js',
  globalTeardown: './jest.global-teardown.js',
  projects: [
    node('contracts', 'packages/contracts'),
    node('service-kit', 'packages/service-kit'),
    ...SERVICES.map((dir) => node(dir, dir, dir === 'svc-logbook' ? { globalSetup: systemPackagesFor(dir) } : {})),
    node('gateway', 'gateway'),
    {
      displayName: 'races',
      rootDir: '<rootDir>',
      roots: SERVICES.map((dir) => `<rootDir>/${dir}`),
      testEnvironment: 'node',
      transform,
      testRegex: RACES,
      testPathIgnorePatterns: ['/node_modules/', '/dist/'],
    },
    node('deploy', 'deploy', { globalSetup: systemPackagesFor('deploy') }),
    node('security', 'security', { testTimeout: 120000 }),
    web('ui', 'packages/ui'),
    web('session-device', 'packages/session-device'),
    ...['shell', 'mf-parent', 'mf-student', 'mf-sessions'].map((dir) => web(dir, dir)),
    // Browser journeys: Chromium against the whole stack (scripts/stack.mjs), one stack per test file.
    node('e2e', 'e2e', {
      globalSetup: systemPackagesFor('e2e'),
      testPathIgnorePatterns: ['/node_modules/', '/artifacts/'],
      setupFilesAfterEnv: [`${__dirname}/e2e/support/setup.ts`],
    }),
  ],
};
