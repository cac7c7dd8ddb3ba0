import { useState } from 'react';
import { slugify } from './slug';
import type { useFormErrors } from './use-form-errors';

type Named = { name: string; slug: string };

/**
 * The text fields of an admin item form (a product, an NFT), bound to the form's errors:
 * `text(name)` for a field, `slug` for the slug field. A new item's slug follows its name
 * until someone edits the slug itself.
 */
export function useItemFields<Values extends Named>(initial: Values, { isNew, form }: { isNew: boolean; form: ReturnType<typeof useFormErrors> }) {
  const [values, setValues] = useState(initial);
  const [slugTouched, setSlugTouched] = useState(!isNew);

  const set = (name: keyof Values & string, value: string) => {
    form.clear(name);
    setValues((v) => ({ ...v, [name]: value, ...(name === 'name' && !slugTouched ? { slug: slugify(value) } : {}) }));
    // The slug just changed with the name: an error it had is out of date.
    if (name === 'name' && !slugTouched) form.clear('slug');
  };
  const text = (name: keyof Values & string) => ({
    name,
    value: values[name] as string,
    error: form.error(name),
    onChange: (event: { target: { value: string } }) => set(name, event.target.value),
  });
  const slug = {
    ...text('slug'),
    onChange: (event: { target: { value: string } }) => {
      setSlugTouched(true);
      set('slug', event.target.value);
    },
  };

  return { values, set, text, slug };
}
