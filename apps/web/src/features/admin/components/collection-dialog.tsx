import { collectionFields } from '@parmeta/contracts';
import { useState, type FormEvent } from 'react';
import { Button, Dialog, ErrorNotice, Field } from '@/components/ui';
import { TextareaField } from '@/components/ui/textarea-field';
import { useSaveCollection } from '../api/collections';
import { validate } from '@/lib/form-errors';
import { slugify } from '../model/slug';
import { useFormErrors } from '../model/use-form-errors';
import styles from './item-form.module.css';

const LABELS: Record<string, string> = { slug: 'Slug', name: 'Name', description: 'Description' };

interface CollectionDialogProps {
  /** The collection to edit (its slug stays); none to create one. */
  collection?: { slug: string; name: string; description: string };
  onClose(): void;
  onSaved(collection: { slug: string; name: string }): void;
}

export function CollectionDialog({ collection, onClose, onSaved }: CollectionDialogProps) {
  const save = useSaveCollection();
  const form = useFormErrors((path) => LABELS[path] ?? path);
  const [values, setValues] = useState({ name: collection?.name ?? '', slug: collection?.slug ?? '', description: collection?.description ?? '' });
  const [slugTouched, setSlugTouched] = useState(Boolean(collection));

  const set = (name: keyof typeof values, value: string) => {
    form.clear(name);
    setValues((v) => ({ ...v, [name]: value, ...(name === 'name' && !slugTouched ? { slug: slugify(value) } : {}) }));
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const checked = validate(collectionFields, values, ['name', 'slug'].filter((k) => values[k as 'name' | 'slug'].trim() === ''), { paths: true });
    if (!checked.ok) return form.invalid(checked.errors);
    form.reset();
    save.mutate(checked.data, { onSuccess: onSaved, onError: form.refused });
  };

  return (
    <Dialog
      title={collection ? `Edit ${collection.name}` : 'New collection'}
      description={collection ? 'The slug stays: it is how the market filters by collection.' : 'A collection groups NFTs in the market’s filters.'}
      onClose={onClose}
      busy={save.isPending}
      actions={
        <>
          <Button variant="secondary" onClick={onClose} disabled={save.isPending}>
            Cancel
          </Button>
          <Button type="submit" form="collection-form" disabled={save.isPending}>
            {save.isPending ? 'Saving…' : collection ? 'Save collection' : 'Create collection'}
          </Button>
        </>
      }
    >
      <form id="collection-form" ref={form.formRef} className={styles.dialogForm} onSubmit={submit} noValidate>
        <ErrorNotice message={form.alert} />
        <Field label="Name" name="name" value={values.name} maxLength={100} autoComplete="off" error={form.error('name')} onChange={(e) => set('name', e.target.value)} />
        <Field
          label="Slug"
          name="slug"
          value={values.slug}
          maxLength={80}
          autoComplete="off"
          spellCheck={false}
          readOnly={Boolean(collection)}
          hint={collection ? undefined : 'a-z, 0-9 and dashes, e.g. “pixel-pals”.'}
          error={form.error('slug')}
          onChange={(e) => {
            setSlugTouched(true);
            set('slug', e.target.value);
          }}
        />
        <TextareaField label="Description" name="description" rows={3} maxLength={500} value={values.description} error={form.error('description')} onChange={(e) => set('description', e.target.value)} />
      </form>
    </Dialog>
  );
}
