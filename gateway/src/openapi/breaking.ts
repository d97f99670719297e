import openapiDiff from 'openapi-diff';

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

/** JSON Schema 2020-12 keywords with no OpenAPI 3.0 equivalent that do not change what a value may be. */
const DROPPED = new Set(['$schema', 'propertyNames', 'contentEncoding', 'contentMediaType', 'examples', '$comment']);

/** One schema in OpenAPI 3.0's dialect: null as `nullable`, `const` as a one-value enum, numeric exclusive bounds. */
function schema30(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(schema30);
  if (!isObject(node)) return node;
  const out: Json = {};
  for (const [key, value] of Object.entries(node)) {
    if (DROPPED.has(key)) continue;
    if (key === 'const') out.enum = [value];
    else if (key === 'exclusiveMinimum' && typeof value === 'number') {
      out.minimum = value;
      out.exclusiveMinimum = true;
    } else if (key === 'exclusiveMaximum' && typeof value === 'number') {
      out.maximum = value;
      out.exclusiveMaximum = true;
    } else if (key === 'type' && Array.isArray(value)) {
      const types = value.filter((t) => t !== 'null');
      if (types.length < value.length) out.nullable = true;
      out.type = types[0];
    } else if ((key === 'anyOf' || key === 'oneOf') && Array.isArray(value)) {
      const options = value.filter((o) => !(isObject(o) && o.type === 'null' && Object.keys(o).length === 1));
      if (options.length < value.length) out.nullable = true;
      if (options.length === 1) Object.assign(out, schema30(options[0]));
      else out[key] = options.map(schema30);
    } else out[key] = schema30(value);
  }
  return out;
}

/**
 * The same description in OpenAPI 3.0.3, which the diff tool reads (it predates 3.1): every schema rewritten by
 * schema30, the licence without its identifier, the rest as it is.
 */
function asOpenApi30(doc: Json): Json {
  const walk = (node: unknown, key?: string): unknown => {
    if (key === 'schema' || key === 'schemas') {
      return key === 'schemas' && isObject(node)
        ? Object.fromEntries(Object.entries(node).map(([k, v]) => [k, schema30(v)]))
        : schema30(node);
    }
    if (Array.isArray(node)) return node.map((n) => walk(n));
    if (!isObject(node)) return node;
    return Object.fromEntries(Object.entries(node).map(([k, v]) => [k, walk(v, k)]));
  };
  const out = walk(doc) as Json;
  // A licence's SPDX `identifier` is 3.1's alone; the licence says nothing a client depends on.
  const info = isObject(out.info) ? { ...out.info } : undefined;
  if (info && isObject(info.license)) {
    const { identifier: _identifier, ...license } = info.license;
    info.license = license;
  }
  return { ...out, ...(info ? { info } : {}), openapi: '3.0.3' };
}

export interface BreakingChange {
  /** What a record in docs/api-changes.md names: the diff tool's code and where it is. */
  id: string;
  text: string;
}

/** The changes from `before` to `after` that break a client built against `before`, by openapi-diff. */
export async function breakingChanges(before: Json, after: Json): Promise<BreakingChange[]> {
  const result = await openapiDiff.diffSpecs({
    sourceSpec: { content: JSON.stringify(asOpenApi30(before)), location: 'committed', format: 'openapi3' },
    destinationSpec: { content: JSON.stringify(asOpenApi30(after)), location: 'code', format: 'openapi3' },
  });
  if (!result.breakingDifferencesFound) return [];
  return result.breakingDifferences.map((d) => {
    const where = [...(d.sourceSpecEntityDetails ?? []), ...(d.destinationSpecEntityDetails ?? [])]
      .map((e) => e.location)
      .filter(Boolean)[0];
    return { id: `${d.code} ${where ?? ''}`.trim(), text: `${d.action} ${d.entity} at ${where ?? '?'}` };
  });
}

/** The changes docs/api-changes.md records as intended: each `code location` in backticks on a list line. */
function recordedChanges(markdown: string): Set<string> {
  return new Set([...markdown.matchAll(/^\s*[-*] `([^`]+)`/gm)].map((m) => m[1].trim()));
}

/** The breaking changes not recorded as intended: CI fails while there is one. */
export async function unrecordedBreakingChanges(before: Json, after: Json, markdown: string) {
  const recorded = recordedChanges(markdown);
  return (await breakingChanges(before, after)).filter((c) => !recorded.has(c.id));
}
