import { minorToDecimal, nftFields, toMinor, type AdminNft } from '@parmeta/contracts';
import { useState, type FormEvent } from 'react';
import { Button, Field, Panel, PlusIcon, SelectField } from '@/components/ui';
import { Switch } from '@/components/ui/switch';
import { TextareaField } from '@/components/ui/textarea-field';
import { useCollections } from '../api/collections';
import { useSaveNft } from '../api/nfts';
import { attributesFromRows, rowsFromAttributes, type AttributeRow } from '../model/attributes';
import { blankFields, validate } from '@/lib/form-errors';
import { numberInput } from '../model/number-input';
import { useFormErrors } from '../model/use-form-errors';
import { useItemFields } from '../model/use-item-fields';
import { AttributesEditor } from './attributes-editor';
import { CollectionDialog } from './collection-dialog';
import { ImageUploader } from './image-uploader';
import { ItemFormLayout } from './item-form-layout';
import { NameSlugFields } from './name-slug-fields';
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
  const { values, set, text, slug } = useItemFields(
    {
      name: nft?.name ?? '',
      slug: nft?.slug ?? '',
      description: nft?.description ?? '',
      collection: nft?.collection.slug ?? '',
      price: nft ? minorToDecimal(toMinor(nft.price)) : '',
    },
    { isNew: !nft, form },
  );
  const [image, setImage] = useState<string[]>(nft ? [nft.image] : []);
  const [listed, setListed] = useState(nft?.listed ?? true);
  const [rows, setRows] = useState<AttributeRow[]>(() => rowsFromAttributes(nft?.attributes ?? []));
  const [creatingCollection, setCreatingCollection] = useState(false);
  const [created, setCreated] = useState<{ slug: string; name: string } | null>(null);

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
      <ItemFormLayout
        label={nft ? `Edit ${nft.name}` : 'Mint an NFT'}
        form={form}
        onSubmit={submit}
        cancelTo="/admin/nfts"
        submitLabel={nft ? 'Save changes' : 'Mint NFT'}
        busy={save.isPending}
        aside={
          <>
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
          </>
        }
      >
        <Panel title="Details">
          <NameSlugFields name={text('name')} slug={slug} nameMaxLength={100} slugHint="The NFT's address in the market: a-z, 0-9 and dashes." required />
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
      </ItemFormLayout>
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
