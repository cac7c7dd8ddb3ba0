import { useRef, useState } from 'react';
import { failureMessage, isApiFailure } from '@/lib/call-api';
import { errorsFromServer, fieldMessage, type FieldErrors } from '@/lib/form-errors';

/**
 * Field errors of a form and its alert: the browser's own check (the contract schema) and
 * a refused save put their messages under the same fields, and the first field to fix
 * takes focus. Inputs are found by their `name`, which is the field's path.
 */
export function useFormErrors(labelOf: (path: string) => string) {
  const formRef = useRef<HTMLFormElement>(null);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [alert, setAlert] = useState<string | null>(null);

  const focusFirst = (failing: FieldErrors) => {
    const form = formRef.current;
    if (!form) return;
    for (const element of form.elements) {
      const name = (element as HTMLInputElement).name;
      if (name && failing[name] !== undefined && element instanceof HTMLElement) {
        element.focus();
        return;
      }
    }
  };

  return {
    formRef,
    errors,
    alert,
    /** The sentence to show under a field, or undefined. */
    error: (path: string) => fieldMessage(labelOf(path), errors[path]),
    /** Clears one field's error once the user changes it. */
    clear(path: string) {
      if (errors[path] !== undefined) setErrors(({ [path]: _, ...rest }) => rest);
    },
    /** After the schema refused the form. */
    invalid(failing: FieldErrors) {
      setErrors(failing);
      setAlert(Object.keys(failing).length === 1 ? 'Please correct the field marked below.' : 'Please correct the fields marked below.');
      focusFirst(failing);
    },
    /** After the server refused a save: its field messages go under the fields; any other goes in the alert. */
    refused(error: unknown) {
      const fields = isApiFailure(error) ? errorsFromServer(error.fields, { paths: true }) : {};
      const names = new Set([...(formRef.current?.elements ?? [])].map((el) => (el as HTMLInputElement).name).filter(Boolean));
      const unplaced = Object.keys(fields).filter((path) => !names.has(path));
      setErrors(fields);
      const marked = Object.keys(fields).length - unplaced.length;
      const others = unplaced.map((path) => fieldMessage(labelOf(path), fields[path])).join(' ');
      if (marked === 0) setAlert(others || failureMessage(error));
      else setAlert([marked === 1 ? 'Please correct the field marked below.' : 'Please correct the fields marked below.', others].filter(Boolean).join(' '));
      focusFirst(fields);
    },
    reset() {
      setErrors({});
      setAlert(null);
    },
  };
}
