import { useCallback, useMemo, useState, type ChangeEvent, type FormEvent } from "react";
import type { ApiFailure } from "~/features/auth/auth-client";

/** An empty string marks a field invalid without text of its own (the form alert explains). */
export type FieldErrors<F extends string> = Partial<Record<F, string>>;
export type FormValues<F extends string> = Record<F, string>;

export interface UseFormOptions<F extends string> {
  /** Prefix of the input ids (`${idPrefix}-${field}`), stable for labels and tests. */
  idPrefix: string;
  /** Field names in screen order: the first invalid one gets focus. */
  fields: readonly F[];
  initial?: Partial<FormValues<F>>;
  validate: (values: FormValues<F>) => FieldErrors<F>;
}

export interface BoundField {
  id: string;
  name: string;
  value: string;
  error?: string;
  onChange: (event: ChangeEvent<HTMLInputElement>) => void;
  onBlur: () => void;
}

const capitalise = (s: string) => (s ? s[0].toUpperCase() + s.slice(1) : s);

/**
 * Small form state: values, client validation shown after blur or submit, server problems per
 * field (cleared when the field changes) and focus on the first invalid field.
 */
export function useForm<F extends string>({ idPrefix, fields, initial, validate }: UseFormOptions<F>) {
  const empty = useMemo(
    () => Object.fromEntries(fields.map((f) => [f, initial?.[f] ?? ""])) as FormValues<F>,
    // The initial values are read once, like useState.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [],
  );
  const [values, setValues] = useState<FormValues<F>>(empty);
  const [touched, setTouched] = useState<Partial<Record<F, boolean>>>({});
  const [submitted, setSubmitted] = useState(false);
  const [serverErrors, setServerErrorsState] = useState<FieldErrors<F>>({});

  const clientErrors = validate(values);
  const idOf = useCallback((f: F) => `${idPrefix}-${f}`, [idPrefix]);

  const errorOf = (f: F): string | undefined =>
    serverErrors[f] ?? (touched[f] || submitted ? clientErrors[f] : undefined);

  const focusField = useCallback(
    (f: F) => {
      // After the render that shows the error, so aria-invalid is already set when focus lands.
      requestAnimationFrame(() => {
        const el = document.getElementById(idOf(f));
        if (el instanceof HTMLInputElement) {
          el.focus();
          el.select();
        }
      });
    },
    [idOf],
  );

  const setValue = useCallback((f: F, value: string) => {
    setValues((v) => ({ ...v, [f]: value }));
    setServerErrorsState((e) => (e[f] !== undefined ? { ...e, [f]: undefined } : e));
  }, []);

  const field = (f: F): BoundField => ({
    id: idOf(f),
    name: f,
    value: values[f],
    error: errorOf(f),
    onChange: (event) => setValue(f, event.target.value),
    onBlur: () => setTouched((t) => (t[f] ? t : { ...t, [f]: true })),
  });

  /** Validates everything; calls `onValid` only when the client rules pass. */
  const handleSubmit = (onValid: (values: FormValues<F>) => void) => (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    const errors = validate(values);
    const first = fields.find((f) => errors[f]);
    if (first) {
      focusField(first);
      return;
    }
    onValid(values);
  };

  /**
   * Marks the fields the server named and focuses the first. A descriptive problem shows under
   * its field; a terse code ("taken", "incorrect") only marks the field invalid, and the caller
   * shows the server's full message in the alert. Returns whether that alert is still needed.
   */
  const applyFailure = (failure: ApiFailure, aliases: Partial<Record<string, F>> = {}): { needsAlert: boolean } => {
    const next: FieldErrors<F> = {};
    let needsAlert = failure.fields.length === 0;
    for (const problem of failure.fields) {
      const name = (aliases[problem.path] ?? problem.path) as F;
      if (!fields.includes(name)) {
        needsAlert = true;
        continue;
      }
      if (next[name] !== undefined) continue;
      const descriptive = /\s/.test(problem.message);
      if (!descriptive) needsAlert = true;
      next[name] = descriptive ? capitalise(problem.message) : "";
    }
    setServerErrorsState(next);
    const first = fields.find((f) => next[f] !== undefined);
    if (first) focusField(first);
    return { needsAlert };
  };

  const reset = useCallback(
    (to?: Partial<FormValues<F>>) => {
      setValues({ ...empty, ...to });
      setTouched({});
      setSubmitted(false);
      setServerErrorsState({});
    },
    [empty],
  );

  return {
    values,
    setValue,
    field,
    handleSubmit,
    applyFailure,
    setServerErrors: setServerErrorsState,
    focusField,
    reset,
  };
}
