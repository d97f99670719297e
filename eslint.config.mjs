import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import prettier from 'eslint-config-prettier';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import importPlugin from 'eslint-plugin-import';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.dirname(fileURLToPath(import.meta.url));

// Each app is built, deployed and changed on its own: one reaches another only over HTTP, through module federation
// (`mf_sessions/...`), or through what its package.json `exports` offers (an app to serve in a test).
const SERVICES = ['svc-auth', 'svc-students', 'svc-billing', 'svc-logbook', 'gateway'];
const REMOTES = ['shell', 'mf-parent', 'mf-student', 'mf-sessions'];
const APPS = [...SERVICES, ...REMOTES];
const PACKAGES = ['contracts', 'service-kit', 'ui', 'shell-context', 'session-device'];
/** The contracts' files their shared entry re-exports: a remote takes those through `@logbook/contracts/view`. */
const VIEW_FILES = [
  ...fs
    .readFileSync(path.join(ROOT, 'packages/contracts/src/view.ts'), 'utf8')
    .matchAll(/^export \* from '\.\/([\w-]+)';$/gm),
].map(([, file]) => `@logbook/contracts/${file}`);
const featuresOf = (app) => {
  const dir = path.join(ROOT, app, 'src', 'features');
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => (entry.isDirectory() ? [entry.name] : []));
};
const importZones = [
  {
    target: './packages',
    from: APPS.map((app) => `./${app}`),
    message: 'A package may not import an app: the apps depend on packages, never the other way round.',
  },
  // Inside a service: routes → domain → data. Routes reach the database only through their area's domain module, and
  // what the routes call never reaches back up to them (Express objects stay in the routes).
  {
    target: './svc-*/src/**/routes.ts',
    from: ['./svc-*/src/**/model.ts', './svc-*/src/**/*-model.ts'],
    message: "Routes may not touch a mongoose model: call the area's domain module, which reads and writes it.",
  },
  {
    target: './svc-*/src/*/!(routes).ts',
    from: './svc-*/src/**/routes.ts',
    message:
      'Only app.ts and other routes import routes: the domain and the models serve them, not the other way round.',
  },
  // Inside a front end a feature stands alone: what two features share lives in src/lib/, and src/app/ composes them.
  ...APPS.flatMap((app) =>
    featuresOf(app).map((feature) => ({
      target: `./${app}/src/features/${feature}`,
      from: `./${app}/src/features`,
      except: [`./${feature}`],
      message:
        'A feature may not import another feature: move the shared piece to src/lib/, or compose them in src/app/.',
    })),
  ),
  // Inside a front end imports flow one way: src/app/ → src/features/ → src/lib/, never back.
  ...REMOTES.flatMap((app) => [
    {
      target: `./${app}/src/lib`,
      from: [`./${app}/src/features`, `./${app}/src/app`],
      message: 'src/lib/ serves the features and the app: it may not import them.',
    },
    {
      target: `./${app}/src/features`,
      from: `./${app}/src/app`,
      message: 'A feature may not import src/app/: the app composes the features, not the other way round.',
    },
  ]),
];

// Browser code may not import service-kit. Each block below that restricts imports for some of those files lists it
// again, since a later block's options for a rule replace an earlier one's.
const SERVICE_KIT = ['@logbook/service-kit', '@logbook/service-kit/*'];
const NO_SERVICE_KIT = {
  group: SERVICE_KIT,
  message: 'Browser code may not import service-kit, which is for the services (Node) alone.',
};
/** A block (its `files`, `ignores`) whose files may not import what `patterns` name. */
const restrictImports = (block, ...patterns) => ({
  ...block,
  rules: { 'no-restricted-imports': ['error', { patterns }] },
});

export default tseslint.config(
  {
    ignores: ['**/node_modules/**', '**/dist/**', '**/.data/**', 'coverage/**', 'bench/results/**', 'e2e/artifacts/**'],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser, ...globals.jest } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-require-imports': 'off',
    },
  },
  {
    files: [
      'shell/**/*.tsx',
      'mf-*/**/*.tsx',
      'packages/ui/**/*.tsx',
      'packages/shell-context/**/*.tsx',
      'packages/session-device/**/*.{ts,tsx}',
    ],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'warn' },
  },
  {
    // Tests read JSON and YAML of shapes they are checking, and reach into framework internals.
    files: ['**/test/**/*.ts', 'e2e/**/*.ts', 'security/**/*.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    files: ['**/*.{ts,tsx,js,jsx,mjs,cjs}'],
    plugins: { import: importPlugin },
    settings: {
      // The typescript resolver follows each package's `exports` and tsconfig's paths, so `@logbook/contracts/view`
      // is the file it names and the rules below see across packages.
      'import/resolver': {
        typescript: { project: path.join(ROOT, 'tsconfig.json') },
        node: { extensions: ['.ts', '.tsx', '.js', '.jsx', '.mjs', '.cjs'] },
      },
      // The workspace packages are ours: a circle through them counts.
      'import/internal-regex': '^@logbook/',
      'import/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
    },
    rules: {
      'import/no-restricted-paths': ['error', { basePath: ROOT, zones: importZones }],
      // This rule passes over type-only imports; `npm run cycles` (in `npm run lint`) counts those too.
      'import/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
  {
    // A front end, a service or a package reaches another one's files by its package name (`@logbook/contracts/view`,
    // `svc-auth/app`), through what its package.json `exports` offers, never by a relative path into its folder.
    files: ['{packages/*,svc-*,gateway,shell,mf-*}/{src,test}/**/*.{ts,tsx}', '*/vite.config.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: `^(\\.\\./)+(${[...APPS, 'packages', ...PACKAGES].join('|')})/`,
              message:
                'Import another package or app by its package name (@logbook/contracts/view), not by a path into its folder.',
            },
          ],
        },
      ],
    },
  },
  // service-kit is Node-only (mongoose, express, node:crypto): it has no place in a browser bundle.
  restrictImports(
    {
      files: [
        'shell/**/*.{ts,tsx}',
        'mf-*/**/*.{ts,tsx}',
        'packages/ui/**/*.{ts,tsx}',
        'packages/shell-context/**/*.ts',
        'packages/session-device/**/*.{ts,tsx}',
      ],
      ignores: ['**/vite.config.ts'],
    },
    NO_SERVICE_KIT,
  ),
  // A remote imports each workspace package through its shared entry (`@logbook/ui/shared`), the one module of the
  // package the shell shares: another file of it would be bundled as a copy of its own.
  restrictImports({ files: ['mf-*/src/**/*.{ts,tsx}'] }, NO_SERVICE_KIT, {
    group: [
      '@logbook/ui/*',
      '!@logbook/ui/shared',
      '!@logbook/ui/styles.css',
      '@logbook/shell-context/*',
      '!@logbook/shell-context/shared',
      ...VIEW_FILES,
    ],
    message:
      "A remote imports a workspace package through its shared entry (@logbook/ui/shared, @logbook/shell-context/shared, @logbook/contracts/view); the contracts outside the entry (a form's schemas) by name, bundled with the code that uses them.",
  }),
  // The sessions domain's device state is bundled by each front end, while shell-context is the shell's singleton,
  // which reads the device account from here: a runtime import back would be bundled as a copy, not shared, and a
  // copy of the shell's state (the way to the outbox) is empty. Types cross freely.
  restrictImports({ files: ['packages/session-device/src/**/*.{ts,tsx}'] }, NO_SERVICE_KIT, {
    group: ['@logbook/shell-context', '@logbook/shell-context/*'],
    allowTypeImports: true,
    message:
      'session-device may take only types from shell-context: the shell depends on it, and a front end bundles it.',
  }),
  restrictImports(
    { files: ['packages/contracts/**/*.ts'] },
    {
      group: SERVICE_KIT,
      message: 'contracts may not import service-kit: the services depend on contracts, never the other way round.',
    },
  ),
  {
    // The in-memory database the services run on where no mongod can be had does not keep find-and-modify atomic: a
    // write guarded on a document's state must be an updateOne (`updateIfMatches`) or an insert under a unique index
    // (see packages/service-kit/src/guarded.ts). Only the id counter, whose numbers a unique index backs, may use it.
    files: ['svc-*/src/**/*.ts', 'packages/service-kit/src/**/*.ts', 'gateway/src/**/*.ts'],
    ignores: ['packages/service-kit/src/counters.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: 'CallExpression[callee.property.name=/^find(One|ById)And(Update|Replace|Delete|Remove)$/]',
          message:
            'Find-and-modify is not atomic on the in-memory database: decide a winner with updateIfMatches (an ' +
            'updateOne) or an insert under a unique index, and read the document back afterwards.',
        },
      ],
    },
  },
  prettier,
);
