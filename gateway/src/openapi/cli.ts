// `npm run openapi` writes docs/openapi.json from the code; `npm run openapi:check` (CI) fails when the committed
// description is out of date, when it is not valid OpenAPI 3.1, or when the code breaks the API of the release it is
// compared with (API_BASE_REF, the commit before by default) without docs/api-changes.md recording it as intended.
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { unrecordedBreakingChanges } from './breaking';
import { buildOpenApiDocument } from './document';

const ROOT = path.resolve(__dirname, '../../..');
export const COMMITTED = path.join(ROOT, 'docs/openapi.json');
export const CHANGES = path.join(ROOT, 'docs/api-changes.md');

/** The validator's verdict on a description: valid OpenAPI 3.1, or the errors. */
export function validateDescription(doc: unknown): { valid: boolean; version: string; errors: unknown[] } {
  const run = spawnSync(process.execPath, [path.join(__dirname, 'validate.mjs')], {
    input: JSON.stringify(doc),
    encoding: 'utf8',
  });
  if (!run.stdout) throw new Error(`the validator did not run: ${run.stderr}`);
  return JSON.parse(run.stdout) as { valid: boolean; version: string; errors: unknown[] };
}

export const serialise = (doc: unknown) => `${JSON.stringify(doc, null, 2)}\n`;

/** The committed file is formatted by Prettier like every other file; what it says is compared, not its layout. */
export const sameDescription = (committedText: string, doc: unknown) => {
  try {
    return isDeepStrictEqual(JSON.parse(committedText), JSON.parse(serialise(doc)));
  } catch {
    return false;
  }
};

async function write(doc: unknown) {
  const prettier = await import('prettier');
  const options = (await prettier.resolveConfig(COMMITTED)) ?? {};
  fs.writeFileSync(COMMITTED, await prettier.format(serialise(doc), { ...options, parser: 'json' }));
}

/** The description as the release at `ref` committed it; undefined when that release had none. */
function committedAt(ref: string): Record<string, unknown> | undefined {
  try {
    const text = execFileSync('git', ['show', `${ref}:docs/openapi.json`], {
      cwd: ROOT,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    });
    return JSON.parse(text) as Record<string, unknown>;
  } catch {
    return undefined;
  }
}

async function check(): Promise<number> {
  const doc = buildOpenApiDocument();
  let failed = 0;
  const validation = validateDescription(doc);
  if (!validation.valid || validation.version !== '3.1') {
    console.error('The description is not valid OpenAPI 3.1:', JSON.stringify(validation.errors, null, 2));
    failed += 1;
  }
  const committed = fs.existsSync(COMMITTED) ? fs.readFileSync(COMMITTED, 'utf8') : '';
  if (!sameDescription(committed, doc)) {
    console.error('docs/openapi.json differs from the code: run `npm run openapi` and commit it.');
    failed += 1;
  }
  const ref = process.env.API_BASE_REF || 'HEAD';
  const base = committedAt(ref) ?? (committed ? (JSON.parse(committed) as Record<string, unknown>) : undefined);
  if (base) {
    const markdown = fs.existsSync(CHANGES) ? fs.readFileSync(CHANGES, 'utf8') : '';
    const unrecorded = await unrecordedBreakingChanges(base, doc, markdown);
    for (const change of unrecorded)
      console.error(`Breaking API change not recorded in docs/api-changes.md: \`${change.id}\``);
    if (unrecorded.length) failed += 1;
    else console.log(`No unrecorded breaking change against ${committedAt(ref) ? ref : 'docs/openapi.json'}.`);
  }
  return failed;
}

async function main() {
  const command = process.argv[2] ?? 'write';
  if (command === 'write') {
    await write(buildOpenApiDocument());
    console.log(`Wrote ${path.relative(ROOT, COMMITTED)}`);
  } else if (command === 'check') {
    process.exitCode = (await check()) ? 1 : 0;
  } else {
    console.error('usage: cli.ts write|check');
    process.exitCode = 2;
  }
}

if (require.main === module) void main();
