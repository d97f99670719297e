/*
 * Reading an answer against its contract without the validation library: the shape of each answer a screen reads
 * first (answers.ts) is derived from its zod schema, and a test holds the two equal (test/answers.test.ts). The read
 * keeps what zod's parse keeps: declared fields only, absent optional fields absent.
 */

/** A JSON value's expected form. `range` is a number within [min, max]; `oneOf` is an enum or a literal. */
export type Shape =
  | 'string'
  | 'number'
  | 'int'
  | 'boolean'
  | { readonly range: readonly [number, number] }
  | { readonly oneOf: readonly (string | number | boolean | null)[] }
  | { readonly object: { readonly [field: string]: Shape } }
  | { readonly array: Shape }
  | { readonly record: Shape }
  | { readonly nullable: Shape }
  | { readonly optional: Shape }
  | { readonly union: readonly Shape[] };

/** An answer's shape, typed with what reading it gives. */
export interface Answer<T> {
  readonly shape: Shape;
  /** Never set: carries the type read. */
  readonly output?: T;
}

export type AnswerRead<T> = { success: true; data: T } | { success: false; problems: string[] };

const kindOf = (value: unknown) => (value === null ? 'null' : Array.isArray(value) ? 'array' : typeof value);

function read(shape: Shape, value: unknown, path: string, problems: string[]): unknown {
  const wrong = (expected: string) => {
    problems.push(`${path || '(answer)'}: expected ${expected}, received ${kindOf(value)}`);
    return undefined;
  };
  if (typeof shape === 'string') {
    if (shape === 'string') return typeof value === 'string' ? value : wrong('string');
    if (shape === 'boolean') return typeof value === 'boolean' ? value : wrong('boolean');
    if (typeof value !== 'number' || !Number.isFinite(value)) return wrong('number');
    return shape === 'int' && !Number.isSafeInteger(value) ? wrong('int') : value;
  }
  if ('range' in shape) {
    const [min, max] = shape.range;
    return typeof value === 'number' && value >= min && value <= max ? value : wrong(`number from ${min} to ${max}`);
  }
  if ('oneOf' in shape) {
    return shape.oneOf.includes(value as string) ? value : wrong(`one of ${shape.oneOf.join(', ')}`);
  }
  if ('nullable' in shape) return value === null ? null : read(shape.nullable, value, path, problems);
  if ('optional' in shape) return value === undefined ? undefined : read(shape.optional, value, path, problems);
  if ('union' in shape) {
    for (const option of shape.union) {
      const attempt: string[] = [];
      const out = read(option, value, path, attempt);
      if (!attempt.length) return out;
    }
    return wrong('one of its forms');
  }
  const at = (key: string | number) => (path ? `${path}.${key}` : String(key));
  if ('array' in shape) {
    if (!Array.isArray(value)) return wrong('array');
    return value.map((item, i) => read(shape.array, item, at(i), problems));
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return wrong('object');
  const source = value as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  if ('record' in shape) {
    for (const [key, item] of Object.entries(source)) out[key] = read(shape.record, item, at(key), problems);
    return out;
  }
  for (const [key, field] of Object.entries(shape.object)) {
    const item = read(field, source[key], at(key), problems);
    if (key in source || item !== undefined) out[key] = item;
  }
  return out;
}

/** Reads a parsed JSON body against an answer's shape: the declared fields, or where it departs from the shape. */
export function readShape<T>(answer: Answer<T>, value: unknown): AnswerRead<T> {
  const problems: string[] = [];
  const data = read(answer.shape, value, '', problems);
  return problems.length ? { success: false, problems } : { success: true, data: data as T };
}
