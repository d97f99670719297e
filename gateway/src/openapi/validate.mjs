// Validates an OpenAPI description (a file, or JSON on stdin) with @seriousme/openapi-schema-validator, an ES module
// that the CommonJS tests and tools run as a process of its own. Prints the errors and exits 1 when it is not valid.
import fs from 'node:fs';
import { Validator } from '@seriousme/openapi-schema-validator';

const source = process.argv[2] ? fs.readFileSync(process.argv[2], 'utf8') : fs.readFileSync(0, 'utf8');
const validator = new Validator();
const result = await validator.validate(JSON.parse(source));
process.stdout.write(
  `${JSON.stringify({ valid: result.valid, version: validator.version, errors: result.errors ?? [] })}\n`,
);
process.exitCode = result.valid ? 0 : 1;
