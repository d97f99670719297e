import type { z } from 'zod';
import type { Shape } from '../src/answer-shape';
import { familyMessageSchema, familySchema, invitationSchema } from '../src/family';
import { openingBalanceResponseSchema } from '../src/opening-balance';
import { ANSWERED_FIELD_SHAPES, SIGNING_FIELD_SHAPES } from '../src/session-field-places';
import { progressSummarySchema } from '../src/progress-summary';
import { readinessSchema } from '../src/readiness-schema';
import { signOffDoneSchema, signOffEntrySchema } from '../src/sign-off';
import {
  errorResponseSchema,
  verificationAnswerSchema,
  insightsViewSchema,
  sessionListSchema,
  settingListSchema,
  subscriptionViewSchema,
} from '../src/responses';
import {
  billingConfigSchema,
  createSubscriptionResponseSchema,
  studentAuthSchema,
  studentSchema,
  supervisorListSchema,
  supervisorSchema,
  userSchema,
  vehicleListSchema,
} from '../src/schemas';

/** Each answer the screens read: its name in answers.ts, its schema, and the module and name that schema has. */
export const ANSWERS: { name: string; schema: z.ZodType; from: string; schemaName: string; list?: true }[] = [
  { name: 'errorAnswer', schema: errorResponseSchema, from: './responses', schemaName: 'errorResponseSchema' },
  { name: 'userAnswer', schema: userSchema, from: './schemas', schemaName: 'userSchema' },
  { name: 'studentAnswer', schema: studentSchema, from: './schemas', schemaName: 'studentSchema' },
  {
    name: 'studentListAnswer',
    schema: studentSchema.array(),
    from: './schemas',
    schemaName: 'studentSchema',
    list: true,
  },
  { name: 'studentAuthAnswer', schema: studentAuthSchema, from: './schemas', schemaName: 'studentAuthSchema' },
  { name: 'supervisorAnswer', schema: supervisorSchema, from: './schemas', schemaName: 'supervisorSchema' },
  { name: 'supervisorListAnswer', schema: supervisorListSchema, from: './schemas', schemaName: 'supervisorListSchema' },
  { name: 'vehicleListAnswer', schema: vehicleListSchema, from: './schemas', schemaName: 'vehicleListSchema' },
  { name: 'billingConfigAnswer', schema: billingConfigSchema, from: './schemas', schemaName: 'billingConfigSchema' },
  {
    name: 'createSubscriptionAnswer',
    schema: createSubscriptionResponseSchema,
    from: './schemas',
    schemaName: 'createSubscriptionResponseSchema',
  },
  {
    name: 'subscriptionViewAnswer',
    schema: subscriptionViewSchema,
    from: './responses',
    schemaName: 'subscriptionViewSchema',
  },
  { name: 'sessionListAnswer', schema: sessionListSchema, from: './responses', schemaName: 'sessionListSchema' },
  { name: 'settingListAnswer', schema: settingListSchema, from: './responses', schemaName: 'settingListSchema' },
  { name: 'insightsViewAnswer', schema: insightsViewSchema, from: './responses', schemaName: 'insightsViewSchema' },
  {
    name: 'progressSummaryAnswer',
    schema: progressSummarySchema,
    from: './progress-summary',
    schemaName: 'progressSummarySchema',
  },
  { name: 'readinessAnswer', schema: readinessSchema, from: './readiness-schema', schemaName: 'readinessSchema' },
  {
    name: 'openingBalanceAnswer',
    schema: openingBalanceResponseSchema,
    from: './opening-balance',
    schemaName: 'openingBalanceResponseSchema',
  },
  { name: 'signOffEntryAnswer', schema: signOffEntrySchema, from: './sign-off', schemaName: 'signOffEntrySchema' },
  { name: 'signOffDoneAnswer', schema: signOffDoneSchema, from: './sign-off', schemaName: 'signOffDoneSchema' },
  { name: 'familyAnswer', schema: familySchema, from: './family', schemaName: 'familySchema' },
  { name: 'invitationAnswer', schema: invitationSchema, from: './family', schemaName: 'invitationSchema' },
  {
    name: 'familyMessageAnswer',
    schema: familyMessageSchema,
    from: './family',
    schemaName: 'familyMessageSchema',
  },
  {
    name: 'verificationAnswer',
    schema: verificationAnswerSchema,
    from: './responses',
    schemaName: 'verificationAnswerSchema',
  },
];

interface Def {
  type: string;
  checks?: { _zod: { def: { check: string; value?: number; inclusive?: boolean; format?: string } } }[];
  shape?: Record<string, z.ZodType>;
  element?: z.ZodType;
  valueType?: z.ZodType;
  innerType?: z.ZodType;
  options?: z.ZodType[];
  entries?: Record<string, string | number>;
  values?: (string | number | boolean | null)[];
}

const defOf = (schema: z.ZodType) => (schema as unknown as { _zod: { def: Def } })._zod.def;

/**
 * The shape of a zod schema's answers. A schema using anything a shape cannot say (a refinement, a transform, a
 * string check) is refused, so a shape never accepts less strictly than its schema.
 */
export function shapeOf(schema: z.ZodType): Shape {
  const def = defOf(schema);
  const checks = (def.checks ?? []).map((c) => c._zod.def);
  const refuse = (why: string): never => {
    throw new Error(`A ${def.type} schema with ${why} has no answer shape`);
  };
  switch (def.type) {
    case 'string':
    case 'boolean':
      if (checks.length) refuse(`checks (${checks.map((c) => c.check).join(', ')})`);
      return def.type;
    case 'number': {
      let int = false;
      let min = -Infinity;
      let max = Infinity;
      for (const c of checks) {
        if (c.check === 'number_format' && c.format === 'safeint') int = true;
        else if (c.check === 'greater_than' && c.inclusive) min = c.value ?? min;
        else if (c.check === 'less_than' && c.inclusive) max = c.value ?? max;
        else refuse(`the check ${c.check}`);
      }
      if (int && (min !== -Infinity || max !== Infinity)) refuse('both an integer check and a range');
      if (min !== -Infinity || max !== Infinity) return { range: [min, max] };
      return int ? 'int' : 'number';
    }
    case 'enum':
      return { oneOf: Object.values(def.entries ?? {}) };
    case 'literal':
      return { oneOf: def.values ?? [] };
    case 'object':
      if (checks.length) refuse('checks');
      return {
        object: Object.fromEntries(Object.entries(def.shape ?? {}).map(([key, field]) => [key, shapeOf(field)])),
      };
    case 'array':
      if (checks.length) refuse('checks');
      return { array: shapeOf(def.element as z.ZodType) };
    case 'record':
      return { record: shapeOf(def.valueType as z.ZodType) };
    case 'nullable':
      return { nullable: shapeOf(def.innerType as z.ZodType) };
    case 'optional':
      return { optional: shapeOf(def.innerType as z.ZodType) };
    case 'union':
      return { union: (def.options ?? []).map(shapeOf) };
    default:
      return refuse('this kind');
  }
}

/** The parts of answers the session's field registry shapes (session-field-places.ts), by name. */
const REGISTRY_PARTS = { ANSWERED_FIELD_SHAPES, SIGNING_FIELD_SHAPES };

/** A shape as source text, naming the answers already written wherever a part is shaped as one of them. */
function shapeSource(shape: Shape, written: Map<string, string>, whole = false): string {
  const named = whole ? undefined : written.get(JSON.stringify(shape));
  if (named) return `${named}.shape`;
  if (typeof shape === 'string' || 'range' in shape || 'oneOf' in shape) return JSON.stringify(shape);
  const part = (inner: Shape) => shapeSource(inner, written);
  if ('object' in shape) {
    const registryPart = Object.entries(REGISTRY_PARTS).find(([, fields]) =>
      Object.entries(fields).every(([key, field]) => JSON.stringify(shape.object[key]) === JSON.stringify(field)),
    );
    const fields = Object.entries(shape.object).flatMap(([key, field]) => {
      if (!registryPart || !(key in registryPart[1])) return [`${JSON.stringify(key)}: ${part(field)}`];
      // The session registry's fields are taken from it, the whole part where its first field stands.
      return key === Object.keys(registryPart[1])[0] ? [`...${registryPart[0]}`] : [];
    });
    return `{ object: { ${fields.join(', ')} } }`;
  }
  if ('union' in shape) return `{ union: [${shape.union.map(part).join(', ')}] }`;
  if ('array' in shape) return `{ array: ${part(shape.array)} }`;
  if ('record' in shape) return `{ record: ${part(shape.record)} }`;
  if ('nullable' in shape) return `{ nullable: ${part(shape.nullable)} }`;
  return `{ optional: ${part(shape.optional)} }`;
}

/** The text of answers.ts for these answers. */
export function answersSource(answers: typeof ANSWERS): string {
  const byModule = new Map<string, Set<string>>();
  for (const a of answers) byModule.set(a.from, (byModule.get(a.from) ?? new Set()).add(a.schemaName));
  const imports = [...byModule]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([from, names]) => `import type { ${[...names].sort().join(', ')} } from '${from}';`);
  // A part of an answer shaped as an answer written before it is that answer's shape, named, not written again.
  const written = new Map<string, string>();
  const body = answers.map((a) => {
    const type = a.list ? `z.output<typeof ${a.schemaName}>[]` : `z.output<typeof ${a.schemaName}>`;
    const shape = shapeOf(a.schema);
    const line = `export const ${a.name}: Answer<${type}> = { shape: ${shapeSource(shape, written, true)} };`;
    written.set(JSON.stringify(shape), a.name);
    return line;
  });
  return [
    '// Written by scripts/answerShapes.ts (npm run answers) from the schemas named: do not edit by hand.',
    '// The shape of each answer the screens read, so reading one needs no validation library (answer-shape.ts).',
    "import type { z } from 'zod';",
    "import type { Answer } from './answer-shape';",
    `import { ${Object.keys(REGISTRY_PARTS).join(', ')} } from './session-field-places';`,
    ...imports,
    '',
    ...body,
    '',
  ].join('\n');
}
