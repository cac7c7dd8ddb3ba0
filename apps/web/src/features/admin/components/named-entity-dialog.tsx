import type { UseMutationResult } from '@tanstack/react-query';
import { useState, type FormEvent, type ReactNode } from 'react';
import { Button, Dialog, ErrorNotice } from '@/components/ui';
import type { Validation } from '@/lib/form-errors';
import { slugify } from '../model/slug';
import { useFormErrors } from '../model/use-form-errors';
import { NameSlugFields, type FieldBinding } from './name-slug-fields';
import styles from './item-form.module.css';

type Named = { name: string; slug: string };

interface NamedEntityDialogProps<Values extends Named, Body, Saved> {
  /** The form's id, which the submit button in the dialog's foot points at. */
  formId: string;
  title: string;
  description: string;
  submitLabel: string;
  /** Editing an existing record: its slug is its key and stays. */
  editing: boolean;
  /** The slug's hint while adding one, e.g. 'a-z, 0-9 and dashes, e.g. “audio”.' */
  slugHint: string;
  /** The fields as typed, to begin with. */
  initial: Values;
  labels: Readonly<Record<string, string>>;
  /** The contract's check of the typed values: the body to save, or the errors per field. */
  check(values: Values): Validation<Body>;
  save: UseMutationResult<Saved, Error, Body>;
  onSaved(saved: Saved): void;
  onClose(): void;
  /** The record's fields after name and slug, each bound with `text(name)`. */
  children(text: (name: keyof Values & string) => FieldBinding): ReactNode;
}

/**
 * Add or edit a record that is a name and a slug and a little more (a category, a collection),
 * in a dialog. While adding, the slug follows the name until someone edits the slug itself.
 */
export function NamedEntityDialog<Values extends Named, Body, Saved>(props: NamedEntityDialogProps<Values, Body, Saved>) {
  const { formId, title, description, submitLabel, editing, slugHint, initial, labels, check, save, onSaved, onClose, children } = props;
  const form = useFormErrors((path) => labels[path] ?? path);
  const [values, setValues] = useState(initial);
  const [slugTouched, setSlugTouched] = useState(editing);

  const set = (name: keyof Values & string, value: string) => {
    form.clear(name);
    setValues((v) => ({ ...v, [name]: value, ...(name === 'name' && !slugTouched ? { slug: slugify(value) } : {}) }));
    // The slug just changed with the name: an error it had is out of date (as in the item forms).
    if (name === 'name' && !slugTouched) form.clear('slug');
  };
  const text = (name: keyof Values & string): FieldBinding => ({ name, value: values[name] as string, error: form.error(name), onChange: (e) => set(name, e.target.value) });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const checked = check(values);
    if (!checked.ok) return form.invalid(checked.errors);
    form.reset();
    save.mutate(checked.data, { onSuccess: onSaved, onError: form.refused });
  };

  return (
    <Dialog
      title={title}
      description={description}
      onClose={onClose}
      busy={save.isPending}
      actions={
        <>
          <Button variant="secondary" onClick={onClose} disabled={save.isPending}>
            Cancel
          </Button>
          <Button type="submit" form={formId} disabled={save.isPending}>
            {save.isPending ? 'Saving…' : submitLabel}
          </Button>
        </>
      }
    >
      <form id={formId} ref={form.formRef} className={styles.dialogForm} onSubmit={submit} noValidate>
        <ErrorNotice message={form.alert} />
        <NameSlugFields
          name={text('name')}
          slug={{
            ...text('slug'),
            onChange: (e) => {
              setSlugTouched(true);
              set('slug', e.target.value);
            },
          }}
          nameMaxLength={100}
          slugHint={editing ? undefined : slugHint}
          slugReadOnly={editing}
        />
        {children(text)}
      </form>
    </Dialog>
  );
}
