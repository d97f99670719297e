/**
 * Writes packages/contracts/src/answers.ts: the shape of every answer the screens read, derived from its zod schema,
 * so the screens read answers without the validation library (answer-shape.ts). `npm run answers` after a schema of
 * an answer changes; packages/contracts/test/answers.test.ts fails while the file is out of date.
 */
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { format, resolveConfig } from 'prettier';
import { ANSWERS, answersSource } from '../packages/contracts/test/answerSources';

const file = fileURLToPath(new URL('../packages/contracts/src/answers.ts', import.meta.url));
void (async () => {
  const options = { ...(await resolveConfig(file)), filepath: file };
  writeFileSync(file, await format(answersSource(ANSWERS), options));
  console.log(`wrote ${file}`);
})();
