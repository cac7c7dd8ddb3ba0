import { collectionFields } from '@parmeta/contracts';
import { TextareaField } from '@/components/ui/textarea-field';
import { useSaveCollection } from '../api/collections';
import { validate } from '@/lib/form-errors';
import { NamedEntityDialog } from './named-entity-dialog';

const LABELS: Record<string, string> = { slug: 'Slug', name: 'Name', description: 'Description' };

interface CollectionDialogProps {
  /** The collection to edit (its slug stays); none to create one. */
  collection?: { slug: string; name: string; description: string };
  onClose(): void;
  onSaved(collection: { slug: string; name: string }): void;
}

export function CollectionDialog({ collection, onClose, onSaved }: CollectionDialogProps) {
  const save = useSaveCollection();
  return (
    <NamedEntityDialog
      formId="collection-form"
      title={collection ? `Edit ${collection.name}` : 'New collection'}
      description={collection ? 'The slug stays: it is how the market filters by collection.' : 'A collection groups NFTs in the market’s filters.'}
      submitLabel={collection ? 'Save collection' : 'Create collection'}
      editing={Boolean(collection)}
      slugHint="a-z, 0-9 and dashes, e.g. “pixel-pals”."
      initial={{ name: collection?.name ?? '', slug: collection?.slug ?? '', description: collection?.description ?? '' }}
      labels={LABELS}
      // The description may stay empty: only the name and the slug are "required".
      check={(values) => validate(collectionFields, values, ['name', 'slug'].filter((k) => values[k as 'name' | 'slug'].trim() === ''), { paths: true })}
      save={save}
      onSaved={onSaved}
      onClose={onClose}
    >
      {(text) => <TextareaField label="Description" rows={3} maxLength={500} {...text('description')} />}
    </NamedEntityDialog>
  );
}
