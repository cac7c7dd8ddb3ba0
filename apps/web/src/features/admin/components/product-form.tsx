import { minorToDecimal, productFields, toMinor, type AdminProduct } from '@parmeta/contracts';
import { useState, type FormEvent } from 'react';
import { Field, Panel, SelectField } from '@/components/ui';
import { Switch } from '@/components/ui/switch';
import { TextareaField } from '@/components/ui/textarea-field';
import { useCategories } from '../api/categories';
import { useSaveProduct } from '../api/products';
import { useProductVariants } from '../api/variants';
import { blankFields, validate } from '@/lib/form-errors';
import { numberInput } from '../model/number-input';
import { useFormErrors } from '../model/use-form-errors';
import { useItemFields } from '../model/use-item-fields';
import { ImageUploader } from './image-uploader';
import { ItemFormLayout } from './item-form-layout';
import { NameSlugFields } from './name-slug-fields';
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
  // With variants, price and stock are theirs (docs/decisions/0050): shown here, changed below.
  const perVariant = (useProductVariants(product?.id ?? 0).data?.variants.length ?? 0) > 0;
  const form = useFormErrors((path) => LABELS[path.split('.')[0] ?? path] ?? path);
  const { values, text, slug } = useItemFields(
    {
      name: product?.name ?? '',
      slug: product?.slug ?? '',
      description: product?.description ?? '',
      category: product?.category.slug ?? '',
      price: product ? priceText(product.price) : '',
      stock: product ? String(product.stock) : '',
    },
    { isNew: !product, form },
  );
  const [active, setActive] = useState(product?.active ?? true);
  const [images, setImages] = useState<string[]>(product?.images ?? []);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const body = { ...values, price: numberInput(values.price), stock: numberInput(values.stock), active, images };
    const checked = validate(productFields, body, blankFields(values), { paths: true });
    if (!checked.ok) {
      form.invalid(checked.errors);
      return;
    }
    form.reset();
    // The stock this form started from: an edit is refused if orders changed it meanwhile.
    save.mutate({ id: product?.id ?? null, body: checked.data, ...(product ? { expectedStock: product.stock } : {}) }, { onSuccess: (saved) => onSaved(saved, !product), onError: form.refused });
  };

  const categoryOptions = [
    { value: '', label: categories.isPending ? 'Loading categories…' : 'Choose a category' },
    ...(categories.data ?? []).map((c) => ({ value: c.slug, label: c.name })),
    // A product's category that the list does not hold (yet) must still show.
    ...(product && !categories.data?.some((c) => c.slug === product.category.slug) ? [{ value: product.category.slug, label: product.category.name }] : []),
  ];

  return (
    <ItemFormLayout
      label={product ? `Edit ${product.name}` : 'New product'}
      form={form}
      onSubmit={submit}
      cancelTo="/admin/products"
      submitLabel={product ? 'Save changes' : 'Create product'}
      busy={save.isPending}
      aside={
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
      }
    >
      <Panel title="Details">
        <NameSlugFields name={text('name')} slug={slug} nameMaxLength={200} slugHint="The product's address in the shop: a-z, 0-9 and dashes." required />
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
          <Field label={perVariant ? 'Lowest price (par)' : 'Price (par)'} inputMode="decimal" autoComplete="off" required readOnly={perVariant} hint={perVariant ? 'Set per variant below.' : undefined} {...text('price')} />
          <Field label={perVariant ? 'Stock of all variants' : 'Stock'} inputMode="numeric" autoComplete="off" required readOnly={perVariant} hint={perVariant ? 'Set per variant below.' : undefined} {...text('stock')} />
        </div>
        <Switch
          label="Active"
          name="active"
          checked={active}
          onChange={(event) => setActive(event.target.checked)}
          description={active ? 'Shown in the shop and can be bought.' : 'Hidden from the shop; existing orders are not affected.'}
        />
      </Panel>
    </ItemFormLayout>
  );
}
