import { useCallback, useRef, useState, type FormEvent } from 'react';
import type { z } from 'zod';

type Schemas = typeof import('@logbook/contracts/schemas');

/** The shared schemas (and zod with them) stay out of the first view; they are fetched once the form is used. */
const loadSchemas = () => import('@logbook/contracts/schemas');

/**
 * Form values checked with a shared zod schema: errors appear on submit, then follow each change
 * so a corrected field clears at once. `submit(send)` is the form's onSubmit: it sends the checked values, pending
 * meanwhile.
 */
export function useFormState<S extends z.ZodType<unknown, Record<string, string>>>(
  pick: (schemas: Schemas) => S,
  initial: z.input<S>,
  /** Anything else the submit will need, fetched with the checks when the form is first focused. */
  alsoFetch?: () => Promise<unknown>,
) {
  const [values, setValues] = useState(initial);
  // The values as last typed: a change or a submit that comes before the re-render of the one before it still sees it.
  const latest = useRef(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [submitted, setSubmitted] = useState(false);
  const loaded = useRef<{ schema: S; fieldErrors: Schemas['fieldErrors'] } | null>(null);
  const pickRef = useRef(pick);

  const load = useCallback(async () => {
    if (!loaded.current) {
      const schemas = await loadSchemas();
      loaded.current = { schema: pickRef.current(schemas), fieldErrors: schemas.fieldErrors };
    }
    return loaded.current;
  }, []);

  const alsoFetchRef = useRef(alsoFetch);
  /** For the form's onFocus: the checks (and what else the submit needs) are usually ready before the first submit. */
  const prepare = useCallback(() => {
    void load().catch(() => undefined);
    void alsoFetchRef.current?.().catch(() => undefined);
  }, [load]);

  const check = (checker: NonNullable<typeof loaded.current>, next: z.input<S>) => {
    const result = checker.schema.safeParse(next);
    setErrors(result.success ? {} : checker.fieldErrors(result.error));
    return result;
  };

  const setField = (name: keyof z.input<S> & string, value: string) => {
    const next = { ...latest.current, [name]: value };
    latest.current = next;
    setValues(next);
    if (submitted && loaded.current) check(loaded.current, next);
  };

  /** A field's value, message and change handler, as the auth fields take them. */
  const field = (name: keyof z.input<S> & string) => ({
    value: values[name] as string,
    error: errors[name],
    onChange: (value: string) => setField(name, value),
  });

  const [pending, setPending] = useState(false);
  const submit = (send: (data: z.output<S>) => Promise<void>) => async (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    const parsed = check(await load(), latest.current);
    if (!parsed.success) return;
    setPending(true);
    try {
      await send(parsed.data);
    } finally {
      setPending(false);
    }
  };

  return { field, prepare, pending, submit };
}
