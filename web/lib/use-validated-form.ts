import { useState, type FormEvent } from 'react';
import { ApiError } from './api-client.ts';

type Validation<Values> = { values: Values | null; errors: Record<string, string> };

/**
 * Form state for dialogs that check input with the shared schemas: messages appear after the first save
 * attempt and then follow the input; the server's field errors land under the same fields.
 */
export function useValidatedForm<State, Values>({
  initial,
  validate,
  onSubmit,
  onDone,
}: {
  initial: () => State;
  validate: (state: State) => Validation<Values>;
  onSubmit: (values: Values) => Promise<unknown> | void;
  onDone: () => void;
}) {
  const [state, setState] = useState(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [attempted, setAttempted] = useState(false);
  const [saving, setSaving] = useState(false);

  const update = (patch: Partial<State>) => {
    const next = { ...state, ...patch };
    setState(next);
    if (attempted) setErrors(validate(next).errors);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setAttempted(true);
    const { values, errors: found } = validate(state);
    setErrors(found);
    if (!values || Object.keys(found).length) return;
    setSaving(true);
    try {
      await onSubmit(values);
      onDone();
    } catch (error) {
      if (error instanceof ApiError && error.fields) setErrors(error.fields);
    } finally {
      setSaving(false);
    }
  };

  return { state, update, errors, saving, submit };
}
