import { saveVariantsBody } from '@parmeta/contracts';
import { useState, type FormEvent } from 'react';
import { Button, ErrorNotice, Field, Panel, Skeleton, SuccessNotice, LoadError } from '@/components/ui';
import { SelectField } from '@/components/ui/select-field';
import { useProductVariants, useSaveVariants } from '../api/variants';
import { draftKey, missingCombinations, splitValues, toBody, toDraft, type OptionDraft, type VariantDraft } from '../model/variant-draft';
import styles from './variants-editor.module.css';

const MAX_OPTIONS = 3;

/** Options and variants of a product (docs/decisions/0050): loads them, then the form. */
export function VariantsEditor({ productId, slug }: { productId: number; slug: string }) {
  const loaded = useProductVariants(productId);
  // Kept here: a save remounts the form with the saved variants (their new ids).
  const [notice, setNotice] = useState<string | null>(null);
  return (
    <Panel title="Options and variants" description="Sizes, colours and the like, each combination with its own SKU, price and stock. Without options the product is sold as one item, at the price and stock above.">
      {loaded.isError ? (
        <LoadError what="the variants" error={loaded.error} onRetry={() => void loaded.refetch()} />
      ) : !loaded.data ? (
        <Skeleton height={160} />
      ) : (
        <VariantsForm key={loaded.dataUpdatedAt} productId={productId} slug={slug} initial={toDraft(loaded.data)} notice={notice} setNotice={setNotice} />
      )}
    </Panel>
  );
}

interface FormProps {
  productId: number;
  slug: string;
  initial: ReturnType<typeof toDraft>;
  notice: string | null;
  setNotice(notice: string | null): void;
}

function VariantsForm({ productId, slug, initial, notice, setNotice }: FormProps) {
  const [options, setOptions] = useState<OptionDraft[]>(initial.options);
  const [variants, setVariants] = useState<VariantDraft[]>(initial.variants);
  const [problems, setProblems] = useState<string[]>([]);
  const save = useSaveVariants();

  const setOption = (key: number, patch: Partial<OptionDraft>) => setOptions((list) => list.map((o) => (o.key === key ? { ...o, ...patch } : o)));
  const setVariant = (key: number, patch: Partial<VariantDraft>) => setVariants((list) => list.map((v) => (v.key === key ? { ...v, ...patch } : v)));
  const removeOption = (index: number) => {
    setOptions((list) => list.filter((_, i) => i !== index));
    setVariants((list) => list.map((v) => ({ ...v, options: v.options.filter((_, i) => i !== index) })));
  };
  const addOption = () => {
    setOptions((list) => [...list, { key: draftKey(), name: '', values: '' }]);
    setVariants((list) => list.map((v) => ({ ...v, options: [...v.options, ''] })));
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setNotice(null);
    const body = toBody(productId, options, variants);
    const checked = saveVariantsBody.safeParse(body);
    if (!checked.success) {
      setProblems(checked.error.issues.slice(0, 6).map((i) => `${describePath(i.path, variants)}: ${i.message}`));
      return;
    }
    setProblems([]);
    // mutateAsync, not mutate's callbacks: the save remounts this form, which drops per-call callbacks.
    save.mutateAsync(body).then(
      (saved) => setNotice(saved.variants.length === 0 ? 'Saved: the product has no options now.' : `Saved ${saved.variants.length} variants.`),
      (error: Error) => setProblems([error.message]),
    );
  };

  return (
    <form className={styles.form} onSubmit={submit} noValidate aria-label="Options and variants">
      <fieldset className={styles.group}>
        <legend className={styles.legend}>Options</legend>
        {options.length === 0 && <p className={styles.hint}>No options: one price and one stock for the product.</p>}
        {options.map((o, index) => (
          <div key={o.key} className={styles.optionRow}>
            <Field label={`Option ${index + 1} name`} value={o.name} placeholder="Size" maxLength={40} onChange={(e) => setOption(o.key, { name: e.target.value })} />
            <Field label={`Option ${index + 1} values`} value={o.values} placeholder="S, M, L" hint="Separated by commas" onChange={(e) => setOption(o.key, { values: e.target.value })} />
            <Button variant="ghost" size="sm" onClick={() => removeOption(index)} aria-label={`Remove option ${o.name || index + 1}`}>
              Remove
            </Button>
          </div>
        ))}
        <div className={styles.actions}>
          <Button variant="secondary" size="sm" onClick={addOption} disabled={options.length >= MAX_OPTIONS}>
            Add option
          </Button>
          <Button variant="secondary" size="sm" onClick={() => setVariants((list) => [...list, ...missingCombinations(options, list, slug)])} disabled={options.length === 0}>
            Add every combination
          </Button>
        </div>
      </fieldset>

      {variants.length > 0 && (
        <fieldset className={styles.group}>
          <legend className={styles.legend}>Variants</legend>
          <ul className={styles.variants}>
            {variants.map((v, row) => {
              const name = v.options.filter(Boolean).join(' / ') || `Variant ${row + 1}`;
              return (
                <li key={v.key} className={styles.variant}>
                  {options.map((o, i) => (
                    <SelectField
                      key={o.key}
                      label={o.name || `Option ${i + 1}`}
                      value={v.options[i] ?? ''}
                      options={[{ value: '', label: 'Choose' }, ...splitValues(o.values).map((x) => ({ value: x, label: x }))]}
                      onChange={(e) => setVariant(v.key, { options: v.options.map((x, j) => (j === i ? e.target.value : x)) })}
                    />
                  ))}
                  <Field label={`SKU of ${name}`} value={v.sku} maxLength={40} autoComplete="off" onChange={(e) => setVariant(v.key, { sku: e.target.value })} />
                  <Field label={`Price of ${name} (par)`} value={v.price} inputMode="decimal" autoComplete="off" onChange={(e) => setVariant(v.key, { price: e.target.value })} />
                  <Field label={`Stock of ${name}`} value={v.stock} inputMode="numeric" autoComplete="off" onChange={(e) => setVariant(v.key, { stock: e.target.value })} />
                  <Button variant="ghost" size="sm" className={styles.remove} onClick={() => setVariants((list) => list.filter((x) => x.key !== v.key))} aria-label={`Remove variant ${name}`}>
                    Remove
                  </Button>
                </li>
              );
            })}
          </ul>
          <p className={styles.hint}>The product shows its lowest price as “From”, and its stock is the sum of its variants’.</p>
        </fieldset>
      )}

      {problems.length > 0 && (
        <div role="alert" className={styles.problems}>
          <ErrorNotice message="The options and variants were not saved:" />
          <ul>
            {problems.map((p) => (
              <li key={p}>{p}</li>
            ))}
          </ul>
        </div>
      )}
      <SuccessNotice message={notice} />
      <div className={styles.actions}>
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? 'Saving…' : 'Save options and variants'}
        </Button>
      </div>
    </form>
  );
}

/** "Variant M / Red, price" rather than "variants.3.price". */
function describePath(path: readonly PropertyKey[], variants: readonly VariantDraft[]): string {
  const [head, index, field] = path;
  if (head === 'variants' && typeof index === 'number') {
    const v = variants[index];
    const name = v?.options.filter(Boolean).join(' / ') || `Variant ${index + 1}`;
    return field === undefined ? name : `${name}, ${String(field)}`;
  }
  if (head === 'options' && typeof index === 'number') return `Option ${index + 1}${field === undefined ? '' : `, ${String(field)}`}`;
  return String(head ?? 'Form');
}
