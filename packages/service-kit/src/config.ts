import path from 'node:path';
import { z } from 'zod';

const boolish = z
  .enum(['true', 'false', '1', '0', ''])
  .optional()
  .transform((v) => v === 'true' || v === '1');

/** Settings every service reads; each service extends it with its own. Read once, at start. */
export const baseConfigSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  MONGODB_URI: z.string().optional(),
  MONGODB_DB: z.string().default('learner_logbook'),
  DATA_DIR: z.string().default(path.resolve(__dirname, '../../../.data')),
  JWT_PUBLIC_KEY: z.string().optional(),
  JWT_PRIVATE_KEY: z.string().optional(),
  COOKIE_SECURE: boolish,
  LOG_LEVEL: z.string().optional(),
});
export type BaseConfig = z.infer<typeof baseConfigSchema>;

export function loadConfig<S extends z.ZodObject>(schema: S, env: NodeJS.ProcessEnv = process.env): z.output<S> {
  const result = schema.safeParse(env);
  if (!result.success) {
    const problems = result.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new Error(`Invalid configuration: ${problems}`);
  }
  return result.data;
}

/** PEM keys may arrive with literal "\n" when passed through one-line environment variables. */
export const pemFromEnv = (value: string | undefined) => value?.replace(/\\n/g, '\n');
