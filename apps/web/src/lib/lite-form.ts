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

/** Focuses the form's first control (in page order) that has an error, as the other forms do. */
function focusFirstError(form: HTMLFormElement | null, errors: Record<string, string | undefined>) {
  if (!form) return;
  for (const element of Array.from(form.elements)) {
    const name = (element as HTMLInputElement).name;
    if (name && errors[name] && element instanceof HTMLInputElement && element.type !== 'hidden') {
      element.focus();
      return;
    }
  }
}

/**
 * A form of a few text fields for the pages that paint before the form library loads (the auth
 * pages; docs/decisions.md, "The sign-in page paints light"). It behaves as the other forms do:
 * the shared zod schema (loaded on the first submit) validates on submit, then again on every change
 * once a submit has failed; a failed submit focuses the first field in error; `field(name)` wires an
 * input (name, value, onChange), `errors` holds one message per field and `trigger(name)` checks one
 * field. `prepare` shapes the values before the schema sees them (e.g. `stripEmptyStrings`).
 */
export function useLiteForm<K extends string, TOutput>(options: {
  defaultValues: Values<K>;
  schema: () => Promise<z.ZodType<TOutput>>;
  prepare?: (values: Values<K>) => Partial<Values<K>>;
}) {
  const [values, setValues] = useState<Values<K>>(options.defaultValues);
  const [errors, setErrors] = useState<Errors<K>>({});
  const [submitted, setSubmitted] = useState(false);
  const loadSchema = useRef(options.schema);
  const prepare = useRef(options.prepare);
  const schema = useRef<Promise<z.ZodType<TOutput>> | null>(null);

  const parse = useCallback(async (next: Values<K>) => {
    schema.current ??= loadSchema.current().catch((error: unknown) => {
      schema.current = null;
      throw error;
    });
    const parsed = (await schema.current).safeParse(prepare.current ? prepare.current(next) : next);
    const errors: Errors<K> = parsed.success ? {} : fieldErrors<K>(parsed.error.issues);
    return { parsed, errors };
  }, []);

  const validate = useCallback(
    async (next: Values<K>) => {
      const result = await parse(next);
      setErrors(result.errors);
      return result;
    },
    [parse],
  );

  const field = (name: K) => ({
    name,
    value: values[name],
    onChange: (event: ChangeEvent<HTMLInputElement>) => {
      const next = { ...values, [name]: event.target.value };
      setValues(next);
      if (submitted) void validate(next);
    },
  });

  /** Validates one field (its message shows or clears; the others keep theirs): true when it is valid. */
  const trigger = async (name: K): Promise<boolean> => {
    const result = await parse(values);
    const message = result.errors[name];
    setErrors((current) => {
      const next = { ...current };
      if (message) next[name] = message;
      else delete next[name];
      return next;
    });
    return !message;
  };

  const handleSubmit = (onValid: (output: TOutput) => Promise<void> | void) => async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    setSubmitted(true);
    const { parsed, errors: found } = await validate(values);
    if (parsed.success) await onValid(parsed.data);
    else focusFirstError(form, found);
  };

  return { values, errors, field, trigger, handleSubmit };
}
