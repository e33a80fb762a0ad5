import { useState } from 'react';

/** Each field's rule: the message to show, or undefined when the value is fine. */
export type Rules<V> = { [K in keyof V]?: (value: V[K], values: V) => string | undefined };
export type FieldErrors<V> = Partial<Record<keyof V, string>>;

export interface FormState<V> {
  values: V;
  errors: FieldErrors<V>;
  /** Sets a value and checks it at once, with the fields that depend on it when already checked. */
  set: <K extends keyof V>(name: K, value: V[K]) => void;
  /** Checks a field when it loses focus (docs/requirements/identity.md#field-rules: checked on blur and on change). */
  blur: (name: keyof V) => void;
  /** Checks every field; true when all pass. */
  validate: () => boolean;
  /** Back to the first values, with no messages (the spec's "form reset"). */
  reset: () => void;
}

function check<V>(rules: Rules<V>, values: V, name: keyof V): string | undefined {
  return rules[name]?.(values[name], values);
}

/**
 * Form values with the spec's checks. `dependents` lists the fields to check again when another
 * changes (docs/requirements/identity.md#password-rule: changing the first password revalidates the second).
 */
export function useFormState<V extends object>(
  initial: V,
  rules: Rules<V>,
  dependents: Partial<Record<keyof V, (keyof V)[]>> = {},
): FormState<V> {
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<FieldErrors<V>>({});

  const set = <K extends keyof V>(name: K, value: V[K]) => {
    const next = { ...values, [name]: value };
    const updated: FieldErrors<V> = { ...errors, [name]: check(rules, next, name) };
    for (const other of dependents[name] ?? []) {
      if (other in errors) updated[other] = check(rules, next, other);
    }
    setValues(next);
    setErrors(updated);
  };

  const validate = () => {
    const all: FieldErrors<V> = {};
    for (const name of Object.keys(values) as (keyof V)[]) all[name] = check(rules, values, name);
    setErrors(all);
    return Object.values(all).every((message) => message === undefined);
  };

  return {
    values,
    errors,
    set,
    blur: (name) => setErrors({ ...errors, [name]: check(rules, values, name) }),
    validate,
    reset: () => {
      setValues(initial);
      setErrors({});
    },
  };
}

/** The props a Mantine text input needs for one string field of a form. */
export function textField<V extends object>(form: FormState<V>, name: keyof V & string) {
  return {
    name,
    value: String(form.values[name]),
    error: form.errors[name],
    onChange: (event: { currentTarget: { value: string } }) =>
      form.set(name, event.currentTarget.value as V[typeof name]),
    onBlur: () => form.blur(name),
  };
}
