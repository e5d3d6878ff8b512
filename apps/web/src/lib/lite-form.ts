import { useCallback, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import type { z } from 'zod';

type Values<K extends string> = Record<K, string>;
type Errors<K extends string> = Partial<Record<K, string>>;

/** The first message per top-level field of a failed parse, as the form shows them. */
function fieldErrors<K extends string>(issues: readonly z.core.$ZodIssue[]): Errors<K> {
  const errors: Errors<K> = {};
  for (const issue of issues) {
    const key = issue.path[0];
    if (typeof key === 'string' && !(key in errors)) errors[key as K] = issue.message;
  }
  return errors;
}

/**
 * A form of a few text fields for the pages that paint before the form library loads (the auth
 * pages; docs/decisions.md, "The sign-in page paints light"). It behaves as the other forms do:
 * the shared zod schema (loaded on the first submit) validates on submit, then again on every change
 * once a submit has failed; `field(name)` wires an input (name, value, onChange) and `errors` holds
 * one message per field.
 */
export function useLiteForm<K extends string, TOutput>(options: {
  defaultValues: Values<K>;
  schema: () => Promise<z.ZodType<TOutput>>;
}) {
  const [values, setValues] = useState<Values<K>>(options.defaultValues);
  const [errors, setErrors] = useState<Errors<K>>({});
  const [submitted, setSubmitted] = useState(false);
  const loadSchema = useRef(options.schema);
  const schema = useRef<Promise<z.ZodType<TOutput>> | null>(null);

  const validate = useCallback(async (next: Values<K>) => {
    schema.current ??= loadSchema.current().catch((error: unknown) => {
      schema.current = null;
      throw error;
    });
    const parsed = (await schema.current).safeParse(next);
    setErrors(parsed.success ? {} : fieldErrors<K>(parsed.error.issues));
    return parsed;
  }, []);

  const field = (name: K) => ({
    name,
    value: values[name],
    onChange: (event: ChangeEvent<HTMLInputElement>) => {
      const next = { ...values, [name]: event.target.value };
      setValues(next);
      if (submitted) void validate(next);
    },
  });

  const handleSubmit = (onValid: (output: TOutput) => Promise<void> | void) => async (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    const parsed = await validate(values);
    if (parsed.success) await onValid(parsed.data);
  };

  return { values, errors, field, handleSubmit };
}
