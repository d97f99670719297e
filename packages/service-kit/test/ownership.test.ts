import fs from 'node:fs';
import path from 'node:path';
import {
  AUTH_SESSION_WRITERS,
  COUNTERS_COLLECTION,
  KIT_COLLECTIONS,
  OWNERSHIP,
  type OwningService,
} from '@logbook/service-kit/ownership';

/**
 * Reads the services' sources (OWNERSHIP_ROOT may point at another checkout of the repository) and holds them to the
 * ownership table: a service defines models only on collections it owns, touches no collection by name, imports no
 * other service's code, moves only its own counters, and only svc-auth writes auth sessions.
 */
const ROOT = process.env.OWNERSHIP_ROOT ?? path.resolve(__dirname, '../../..');
const SERVICES: OwningService[] = ['svc-auth', 'svc-students', 'svc-billing', 'svc-logbook'];
const KIT = 'packages/service-kit/src';

function sources(dir: string): string[] {
  const full = path.join(ROOT, dir);
  if (!fs.existsSync(full)) return [];
  return fs
    .readdirSync(full, { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.ts') && !f.endsWith('.d.ts'))
    .map((f) => path.join(dir, f));
}

const read = (file: string) => fs.readFileSync(path.join(ROOT, file), 'utf8');

/** The argument list of the call whose opening parenthesis is at `open`, split at top-level commas. */
function callArguments(text: string, open: number): string[] {
  const args: string[] = [];
  let depth = 0;
  let start = open + 1;
  let quote: string | null = null;
  for (let i = open; i < text.length; i++) {
    const c = text[i];
    if (quote) {
      if (c === '\\') i++;
      else if (c === quote) quote = null;
      continue;
    }
    if (c === "'" || c === '"' || c === '`') quote = c;
    else if (c === '(' || c === '{' || c === '[') depth++;
    else if (c === ')' || c === '}' || c === ']') {
      depth--;
      if (depth === 0) {
        args.push(text.slice(start, i).trim());
        return args.filter((a) => a !== '');
      }
    } else if (c === ',' && depth === 1) {
      args.push(text.slice(start, i).trim());
      start = i + 1;
    }
  }
  return args;
}

const literal = (arg: string | undefined) => /^['"]([A-Za-z0-9_]+)['"]$/.exec(arg ?? '')?.[1];

interface Definition {
  file: string;
  collection: string | undefined;
}

/**
 * Every model a file defines, with the collection named: mongoose.model's last argument, defineModel's and
 * outboxModel's second.
 */
function modelDefinitions(file: string): Definition[] {
  const text = read(file);
  const found: Definition[] = [];
  for (const match of text.matchAll(/\b(mongoose\.model|model|outboxModel|defineModel)\s*(<[^>()]*>)?\s*\(/g)) {
    if (match[1] === 'model' && text[match.index - 1] === '.') continue;
    const before = text.slice(Math.max(0, match.index - 9), match.index);
    if (/function\s*$/.test(before)) continue;
    const args = callArguments(text, match.index + match[0].length - 1);
    if (match[1] === 'model' && args.length < 2) continue;
    const named = match[1] === 'mongoose.model' || match[1] === 'model' ? args[args.length - 1] : args[1];
    found.push({ file, collection: literal(named) });
  }
  return found;
}

const ownerOfFile = (file: string) => SERVICES.find((s) => file.startsWith(`${s}/`));

describe('every collection has one owner, and only the owner defines and writes it', () => {
  const serviceFiles = SERVICES.flatMap((s) => sources(`${s}/src`));
  const kitFiles = sources(KIT);

  it('finds the sources to check', () => {
    expect(serviceFiles.length).toBeGreaterThan(20);
    expect(kitFiles.length).toBeGreaterThan(5);
  });

  it('a service defines models only on collections the table gives it', () => {
    const wrong = serviceFiles
      .flatMap(modelDefinitions)
      .filter(({ file, collection }) => !collection || OWNERSHIP[collection]?.owner !== ownerOfFile(file))
      .map(
        ({ file, collection }) =>
          `${file}: ${collection ?? 'a collection not named'} (owner: ${
            (collection && OWNERSHIP[collection]?.owner) ?? 'not in the table'
          })`,
      );
    expect(wrong).toEqual([]);
  });

  it('service-kit defines models only on the collections it shares, each in the table', () => {
    const wrong = kitFiles
      .flatMap(modelDefinitions)
      .filter(({ collection }) => collection !== undefined || false)
      .filter(({ collection }) => !(collection! in KIT_COLLECTIONS))
      .map(({ file, collection }) => `${file}: ${collection}`);
    expect(wrong).toEqual([]);
    for (const collection of Object.keys(KIT_COLLECTIONS)) {
      if (collection !== COUNTERS_COLLECTION) expect(OWNERSHIP[collection]?.owner).toBe(KIT_COLLECTIONS[collection]);
    }
  });

  it('every collection a service defines is in the table, and every one in the table is defined by its owner', () => {
    const defined = new Map<string, string>();
    for (const { file, collection } of serviceFiles.flatMap(modelDefinitions)) {
      if (collection) defined.set(collection, ownerOfFile(file)!);
    }
    for (const { collection } of kitFiles.flatMap(modelDefinitions)) {
      if (collection && KIT_COLLECTIONS[collection] !== 'each owner, by document') {
        defined.set(collection, KIT_COLLECTIONS[collection]);
      }
    }
    const missing = Object.entries(OWNERSHIP)
      .filter(([collection, { owner }]) => defined.get(collection) !== owner)
      .map(
        ([collection, { owner }]) =>
          `${collection} (owner ${owner}): defined by ${defined.get(collection) ?? 'nobody'}`,
      );
    expect(missing).toEqual([]);
  });

  it('no service reaches a collection by name or through another service’s code', () => {
    const wrong: string[] = [];
    for (const file of serviceFiles) {
      const text = read(file);
      const owner = ownerOfFile(file)!;
      for (const m of text.matchAll(/\.(?:connection|db)\.collection\(\s*['"]([A-Za-z0-9_]+)['"]/g)) {
        if (OWNERSHIP[m[1]]?.owner !== owner) wrong.push(`${file}: collection('${m[1]}')`);
      }
      for (const m of text.matchAll(/from\s+['"]([^'"]+)['"]/g)) {
        const other = SERVICES.find((s) => s !== owner && (m[1].includes(`/${s}/`) || m[1].startsWith(`${s}/`)));
        if (other) wrong.push(`${file}: imports ${m[1]}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('a service moves only the counters of collections it owns', () => {
    const wrong: string[] = [];
    for (const file of serviceFiles) {
      for (const m of read(file).matchAll(/\b(?:nextId|createWithNumericId)\(\s*['"]([A-Za-z0-9_]+)['"]/g)) {
        if (OWNERSHIP[m[1]]?.owner !== ownerOfFile(file)) wrong.push(`${file}: counter '${m[1]}'`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('only svc-auth writes auth sessions', () => {
    const wrong: string[] = [];
    for (const file of serviceFiles) {
      if (ownerOfFile(file) === 'svc-auth') continue;
      for (const fn of AUTH_SESSION_WRITERS) {
        if (new RegExp(`\\b${fn}\\s*\\(`).test(read(file))) wrong.push(`${file}: ${fn}()`);
      }
      if (/AuthSessionModel/.test(read(file))) wrong.push(`${file}: AuthSessionModel`);
    }
    expect(wrong).toEqual([]);
  });
});
