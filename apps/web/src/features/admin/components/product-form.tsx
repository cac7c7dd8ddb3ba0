import { minorToDecimal, productFields, toMinor, type AdminProduct } from '@parmeta/contracts';
import { useState, type FormEvent } from 'react';
import { Button, ButtonLink, ErrorNotice, Field, Panel, SelectField } from '@/components/ui';
import { Switch } from '@/components/ui/switch';
import { TextareaField } from '@/components/ui/textarea-field';
import { useCategories } from '../api/categories';
import { useSaveProduct } from '../api/products';
import { blankFields, validate } from '@/lib/form-errors';
import { numberInput } from '../model/number-input';
import { slugify } from '../model/slug';
import { useFormErrors } from '../model/use-form-errors';
import { ImageUploader } from './image-uploader';
import styles from './item-form.module.css';

const LABELS: Record<string, string> = {
  name: 'Name',
  slug: 'Slug',
  description: 'Description',
  category: 'Category',
  price: 'Price',
  stock: 'Stock',
  active: 'Active',
  images: 'Images',
};

export const MAX_PRODUCT_IMAGES = 8;

interface ProductFormProps {
  /** The product to edit; none to create one. */
  product?: AdminProduct;
  onSaved(product: AdminProduct, created: boolean): void;
}

const priceText = (price: number) => minorToDecimal(toMinor(price));

/** Create or edit a product, checked with the contract's productFields before it is sent. */
export function ProductForm({ product, onSaved }: ProductFormProps) {
  const categories = useCategories();
  const save = useSaveProduct();
  const form = useFormErrors((path) => LABELS[path.split('.')[0] ?? path] ?? path);
  const [values, setValues] = useState({
    name: product?.name ?? '',
    slug: product?.slug ?? '',
    description: product?.description ?? '',
    category: product?.category.slug ?? '',
    price: product ? priceText(product.price) : '',
    stock: product ? String(product.stock) : '',
  });
  const [active, setActive] = useState(product?.active ?? true);
  const [images, setImages] = useState<string[]>(product?.images ?? []);
  // A new product's slug follows its name until someone edits the slug itself.
  const [slugTouched, setSlugTouched] = useState(Boolean(product));

  const set = (name: keyof typeof values, value: string) => {
    form.clear(name);
    setValues((v) => ({ ...v, [name]: value, ...(name === 'name' && !slugTouched ? { slug: slugify(value) } : {}) }));
    if (name === 'name' && !slugTouched) form.clear('slug');
  };
  const text = (name: keyof typeof values) => ({
    name,
    value: values[name],
    error: form.error(name),
    onChange: (event: { target: { value: string } }) => set(name, event.target.value),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const body = { ...values, price: numberInput(values.price), stock: numberInput(values.stock), active, images };
    const checked = validate(productFields, body, blankFields(values), { paths: true });
    if (!checked.ok) {
      form.invalid(checked.errors);
      return;
    }
    form.reset();
    save.mutate({ id: product?.id ?? null, body: checked.data }, { onSuccess: (saved) => onSaved(saved, !product), onError: form.refused });
  };

  const categoryOptions = [
    { value: '', label: categories.isPending ? 'Loading categories…' : 'Choose a category' },
    ...(categories.data ?? []).map((c) => ({ value: c.slug, label: c.name })),
    // A product's category that the list does not hold (yet) must still show.
    ...(product && !categories.data?.some((c) => c.slug === product.category.slug) ? [{ value: product.category.slug, label: product.category.name }] : []),
  ];

  return (
    <form ref={form.formRef} className={styles.form} onSubmit={submit} noValidate aria-label={product ? `Edit ${product.name}` : 'New product'}>
      <ErrorNotice message={form.alert} />
      <div className={styles.columns}>
        <div className={styles.column}>
          <Panel title="Details">
            <Field label="Name" autoComplete="off" maxLength={200} required {...text('name')} />
            <Field
              label="Slug"
              autoComplete="off"
              spellCheck={false}
              maxLength={80}
              required
              hint="The product's address in the shop: a-z, 0-9 and dashes."
              {...text('slug')}
              onChange={(event) => {
                setSlugTouched(true);
                set('slug', event.target.value);
              }}
            />
            <TextareaField label="Description" rows={6} maxLength={5000} required {...text('description')} />
          </Panel>
          <Panel title="Price and stock">
            <SelectField
                label="Category"
                options={categoryOptions}
                required
                disabled={categories.isPending}
                hint={categories.data?.length === 0 ? 'Add a category on the products page first.' : undefined}
                {...text('category')}
              />
            <div className={styles.pair}>
              <Field label="Price (par)" inputMode="decimal" autoComplete="off" required {...text('price')} />
              <Field label="Stock" inputMode="numeric" autoComplete="off" required {...text('stock')} />
            </div>
            <Switch
              label="Active"
              name="active"
              checked={active}
              onChange={(event) => setActive(event.target.checked)}
              description={active ? 'Shown in the shop and can be bought.' : 'Hidden from the shop; existing orders are not affected.'}
            />
          </Panel>
        </div>
        <div className={styles.column}>
          <Panel title="Images">
            <ImageUploader
              label="Product images"
              name="images"
              images={images}
              onChange={(next) => {
                form.clear('images');
                setImages(next);
              }}
              max={MAX_PRODUCT_IMAGES}
              subject={values.name}
              hint="JPEG, PNG, WebP or GIF, up to 5 MB each. The first image is the main one."
              error={form.error('images')}
            />
          </Panel>
        </div>
      </div>
      <div className={styles.footer}>
        <ButtonLink to="/admin/products" variant="secondary">
          Cancel
        </ButtonLink>
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? 'Saving…' : product ? 'Save changes' : 'Create product'}
        </Button>
      </div>
    </form>
  );
}
