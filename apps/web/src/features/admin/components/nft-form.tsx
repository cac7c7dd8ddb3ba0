import { minorToDecimal, nftFields, toMinor, type AdminNft } from '@parmeta/contracts';
import { useState, type FormEvent } from 'react';
import { Button, ButtonLink, ErrorNotice, Field, Panel, PlusIcon, SelectField } from '@/components/ui';
import { Switch } from '@/components/ui/switch';
import { TextareaField } from '@/components/ui/textarea-field';
import { useCollections } from '../api/collections';
import { useSaveNft } from '../api/nfts';
import { attributesFromRows, rowsFromAttributes, type AttributeRow } from '../model/attributes';
import { blankFields, validate } from '@/lib/form-errors';
import { numberInput } from '../model/number-input';
import { slugify } from '../model/slug';
import { useFormErrors } from '../model/use-form-errors';
import { AttributesEditor } from './attributes-editor';
import { CollectionDialog } from './collection-dialog';
import { ImageUploader } from './image-uploader';
import styles from './item-form.module.css';

const LABELS: Record<string, string> = {
  name: 'Name',
  slug: 'Slug',
  description: 'Description',
  collection: 'Collection',
  image: 'Image',
  price: 'Price',
  listed: 'Listed',
  attributes: 'Attributes',
};

/** "attributes.2.value" -> "Value of attribute 3". */
function labelOf(path: string): string {
  const [head, index, part] = path.split('.');
  if (head === 'attributes' && index !== undefined && part) {
    const what = part === 'trait_type' ? 'Trait' : part === 'value' ? 'Value' : 'Display type';
    return `${what} of attribute ${Number(index) + 1}`;
  }
  return LABELS[head ?? path] ?? path;
}

interface NftFormProps {
  nft?: AdminNft;
  onSaved(nft: AdminNft, created: boolean): void;
}

/** Mint or edit an NFT, checked with the contract's nftFields before it is sent. */
export function NftForm({ nft, onSaved }: NftFormProps) {
  const collections = useCollections();
  const save = useSaveNft();
  const form = useFormErrors(labelOf);
  const [values, setValues] = useState({
    name: nft?.name ?? '',
    slug: nft?.slug ?? '',
    description: nft?.description ?? '',
    collection: nft?.collection.slug ?? '',
    price: nft ? minorToDecimal(toMinor(nft.price)) : '',
  });
  const [image, setImage] = useState<string[]>(nft ? [nft.image] : []);
  const [listed, setListed] = useState(nft?.listed ?? true);
  const [rows, setRows] = useState<AttributeRow[]>(() => rowsFromAttributes(nft?.attributes ?? []));
  const [slugTouched, setSlugTouched] = useState(Boolean(nft));
  const [creatingCollection, setCreatingCollection] = useState(false);
  const [created, setCreated] = useState<{ slug: string; name: string } | null>(null);

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
    const body = { ...values, price: numberInput(values.price), image: image[0] ?? '', attributes: attributesFromRows(rows), listed };
    const blank = blankFields(values);
    if (image.length === 0) blank.push('image');
    rows.forEach((row, i) => {
      if (row.trait_type.trim() === '') blank.push(`attributes.${i}.trait_type`);
      if (row.value.trim() === '') blank.push(`attributes.${i}.value`);
    });
    const checked = validate(nftFields, body, blank, { paths: true });
    // The schema takes a string or a number for any value, so it cannot say that a numeric trait needs a number.
    const numeric = Object.fromEntries(
      rows.flatMap((row, i) => (row.display_type && row.value.trim() !== '' && !Number.isFinite(Number(row.value.trim())) ? [[`attributes.${i}.value`, 'must be a number']] : [])),
    );
    if (!checked.ok || Object.keys(numeric).length > 0) {
      form.invalid({ ...(checked.ok ? {} : checked.errors), ...numeric });
      return;
    }
    form.reset();
    save.mutate({ id: nft?.id ?? null, body: checked.data }, { onSuccess: (saved) => onSaved(saved, !nft), onError: form.refused });
  };

  const known = collections.data ?? [];
  const extra = [nft?.collection, created].filter((c): c is { slug: string; name: string } => Boolean(c) && !known.some((k) => k.slug === c?.slug));
  const collectionOptions = [
    { value: '', label: collections.isPending ? 'Loading collections…' : 'Choose a collection' },
    ...known.map((c) => ({ value: c.slug, label: c.name })),
    ...extra.map((c) => ({ value: c.slug, label: c.name })),
  ];

  return (
    <>
      <form ref={form.formRef} className={styles.form} onSubmit={submit} noValidate aria-label={nft ? `Edit ${nft.name}` : 'Mint an NFT'}>
        <ErrorNotice message={form.alert} />
        <div className={styles.columns}>
          <div className={styles.column}>
            <Panel title="Details">
              <Field label="Name" autoComplete="off" maxLength={100} required {...text('name')} />
              <Field
                label="Slug"
                autoComplete="off"
                spellCheck={false}
                maxLength={80}
                required
                hint="The NFT's address in the market: a-z, 0-9 and dashes."
                {...text('slug')}
                onChange={(event) => {
                  setSlugTouched(true);
                  set('slug', event.target.value);
                }}
              />
              <TextareaField label="Description" rows={5} maxLength={1000} required {...text('description')} />
              <div className={styles.inline}>
                <SelectField label="Collection" options={collectionOptions} required disabled={collections.isPending} {...text('collection')} />
                <Button variant="secondary" onClick={() => setCreatingCollection(true)}>
                  <PlusIcon size={16} />
                  New collection
                </Button>
              </div>
            </Panel>
            <Panel title="Attributes" description="Traits in the ERC-721 metadata, listed on the NFT’s page.">
              <AttributesEditor rows={rows} onChange={setRows} errorOf={form.error} onEdit={form.clear} />
            </Panel>
          </div>
          <div className={styles.column}>
            <Panel title="Image">
              <ImageUploader
                label="NFT image"
                name="image"
                images={image}
                onChange={(next) => {
                  form.clear('image');
                  setImage(next.slice(-1));
                }}
                max={1}
                subject={values.name}
                hint="One square image: JPEG, PNG, WebP or GIF, up to 5 MB."
                error={form.error('image')}
              />
            </Panel>
            <Panel title="Sale">
              <Field label="Price (par)" inputMode="decimal" autoComplete="off" required {...text('price')} />
              <Switch
                label="Listed"
                name="listed"
                checked={listed}
                onChange={(event) => setListed(event.target.checked)}
                description={listed ? 'For sale in the market at this price.' : 'Not for sale; it stays visible to its owner.'}
              />
              {nft && <p className={styles.owner}>Owner: {nft.owner}</p>}
            </Panel>
          </div>
        </div>
        <div className={styles.footer}>
          <ButtonLink to="/admin/nfts" variant="secondary">
            Cancel
          </ButtonLink>
          <Button type="submit" disabled={save.isPending}>
            {save.isPending ? 'Saving…' : nft ? 'Save changes' : 'Mint NFT'}
          </Button>
        </div>
      </form>
      {creatingCollection && (
        <CollectionDialog
          onClose={() => setCreatingCollection(false)}
          onSaved={(collection) => {
            setCreatingCollection(false);
            setCreated(collection);
            set('collection', collection.slug);
          }}
        />
      )}
    </>
  );
}
