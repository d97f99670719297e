import { z } from 'zod';
import { loadConfig } from '@logbook/service-kit/config';

const logbookConfigSchema = z.object({
  /** Where people open the product: the verification link printed on every log book points there. */
  PUBLIC_ORIGIN: z
    .url()
    .default('http://localhost:8080')
    .transform((url) => url.replace(/\/+$/, '')),
});

let loaded: z.output<typeof logbookConfigSchema> | undefined;

export function logbookConfig() {
  loaded ??= loadConfig(logbookConfigSchema);
  return loaded;
}
