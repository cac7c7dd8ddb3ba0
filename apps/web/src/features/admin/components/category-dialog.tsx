import { categoryFields } from '@parmeta/contracts';
import { Field } from '@/components/ui';
import { useSaveCategory } from '../api/categories';
import { blankFields, validate } from '@/lib/form-errors';
import { numberInput } from '../model/number-input';
import { NamedEntityDialog } from './named-entity-dialog';

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
  return (
    <NamedEntityDialog
      formId="category-form"
      title={category ? `Edit ${category.name}` : 'Add a category'}
      description={category ? 'The slug stays: it is the category’s address in the shop.' : 'Categories group products in the shop’s side navigation, in position order.'}
      submitLabel={category ? 'Save category' : 'Add category'}
      editing={Boolean(category)}
      slugHint="a-z, 0-9 and dashes, e.g. “audio”."
      initial={{ name: category?.name ?? '', slug: category?.slug ?? '', position: String(category?.position ?? nextPosition) }}
      labels={LABELS}
      check={(values) => validate(categoryFields, { ...values, position: numberInput(values.position) }, blankFields(values), { paths: true })}
      save={save}
      onSaved={(saved) => onSaved(saved.name)}
      onClose={onClose}
    >
      {(text) => <Field label="Position" inputMode="numeric" autoComplete="off" hint="Lower numbers come first." {...text('position')} />}
    </NamedEntityDialog>
  );
}
