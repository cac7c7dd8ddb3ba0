import { categoryFields } from '@parmeta/contracts';
import { useState, type FormEvent } from 'react';
import { Button, Dialog, ErrorNotice, Field } from '@/components/ui';
import { useSaveCategory } from '../api/categories';
import { blankFields, validate } from '@/lib/form-errors';
import { numberInput } from '../model/number-input';
import { slugify } from '../model/slug';
import { useFormErrors } from '../model/use-form-errors';
import styles from './item-form.module.css';

const LABELS: Record<string, string> = { slug: 'Slug', name: 'Name', position: 'Position' };

interface CategoryDialogProps {
  /** The category to edit (its slug stays); none to add one. */
  category?: { slug: string; name: string; position: number };
  /** Where a new category goes by default: after the last. */
  nextPosition: number;
  onClose(): void;
  onSaved(name: string): void;
}

export function CategoryDialog({ category, nextPosition, onClose, onSaved }: CategoryDialogProps) {
  const save = useSaveCategory();
  const form = useFormErrors((path) => LABELS[path] ?? path);
  const [values, setValues] = useState({ name: category?.name ?? '', slug: category?.slug ?? '', position: String(category?.position ?? nextPosition) });
  const [slugTouched, setSlugTouched] = useState(Boolean(category));

  const set = (name: keyof typeof values, value: string) => {
    form.clear(name);
    setValues((v) => ({ ...v, [name]: value, ...(name === 'name' && !slugTouched ? { slug: slugify(value) } : {}) }));
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const checked = validate(categoryFields, { ...values, position: numberInput(values.position) }, blankFields(values), { paths: true });
    if (!checked.ok) return form.invalid(checked.errors);
    form.reset();
    save.mutate(checked.data, { onSuccess: (saved) => onSaved(saved.name), onError: form.refused });
  };

  return (
    <Dialog
      title={category ? `Edit ${category.name}` : 'Add a category'}
      description={category ? 'The slug stays: it is the category’s address in the shop.' : 'Categories group products in the shop’s side navigation, in position order.'}
      onClose={onClose}
      busy={save.isPending}
      actions={
        <>
          <Button variant="secondary" onClick={onClose} disabled={save.isPending}>
            Cancel
          </Button>
          <Button type="submit" form="category-form" disabled={save.isPending}>
            {save.isPending ? 'Saving…' : category ? 'Save category' : 'Add category'}
          </Button>
        </>
      }
    >
      <form id="category-form" ref={form.formRef} className={styles.dialogForm} onSubmit={submit} noValidate>
        <ErrorNotice message={form.alert} />
        <Field label="Name" name="name" value={values.name} maxLength={100} autoComplete="off" error={form.error('name')} onChange={(e) => set('name', e.target.value)} />
        <Field
          label="Slug"
          name="slug"
          value={values.slug}
          maxLength={80}
          autoComplete="off"
          spellCheck={false}
          readOnly={Boolean(category)}
          hint={category ? undefined : 'a-z, 0-9 and dashes, e.g. “audio”.'}
          error={form.error('slug')}
          onChange={(e) => {
            setSlugTouched(true);
            set('slug', e.target.value);
          }}
        />
        <Field label="Position" name="position" inputMode="numeric" value={values.position} autoComplete="off" hint="Lower numbers come first." error={form.error('position')} onChange={(e) => set('position', e.target.value)} />
      </form>
    </Dialog>
  );
}
