import { useState } from 'react';
import type { z } from 'zod';
import { fieldErrors } from '@logbook/contracts/schemas';

/**
 * Form values checked with a shared zod schema: errors appear on submit, then follow each change
 * so a corrected field clears at once.
 */
export function useFormState<S extends z.ZodType<unknown, Record<string, string>>>(schema: S, initial: z.input<S>) {
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [submitted, setSubmitted] = useState(false);

  const check = (next: z.input<S>) => {
    const result = schema.safeParse(next);
    setErrors(result.success ? {} : fieldErrors(result.error));
    return result;
  };

  const setField = (name: keyof z.input<S> & string, value: string) => {
    const next = { ...values, [name]: value };
    setValues(next);
    if (submitted) check(next);
  };

  const validate = () => {
    setSubmitted(true);
    return check(values);
  };

  return { values, errors, setField, validate };
}
