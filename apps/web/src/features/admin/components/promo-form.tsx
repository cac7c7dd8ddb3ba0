import { promoFields, type AdminPromo } from '@parmeta/contracts';
import { useState, type FormEvent } from 'react';
import { Button, ErrorNotice, Field, Panel, SelectField } from '@/components/ui';
import { useCategories } from '../api/categories';
import { useCreatePromo } from '../api/promos';
import styles from './promo-form.module.css';

const today = () => new Date().toISOString().slice(0, 10);
/** A date field's day as epoch ms at 00:00 UTC (days are UTC days, as in the finance pages). */
const dayMs = (day: string) => (day ? Date.parse(`${day}T00:00:00Z`) : Number.NaN);
const num = (text: string) => (text.trim() === '' ? undefined : Number(text.trim()));

/** A new promo code, checked with the contract's promoFields before it is sent. */
export function PromoForm({ onCreated }: { onCreated(promo: AdminPromo): void }) {
  const categories = useCategories();
  const create = useCreatePromo();
  const [f, setF] = useState({ code: '', kind: 'percent', value: '', minOrder: '', startsAt: today(), endsAt: '', maxUses: '', maxUsesPerMember: '1', category: '' });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const set = (key: keyof typeof f) => (e: { target: { value: string } }) => setF((x) => ({ ...x, [key]: e.target.value }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const body = {
      code: f.code,
      kind: f.kind,
      value: num(f.value),
      minOrder: num(f.minOrder) ?? 0,
      startsAt: dayMs(f.startsAt),
      // The end day is included: the code runs out at the start of the next one.
      endsAt: f.endsAt ? dayMs(f.endsAt) + 86_400_000 : null,
      maxUses: num(f.maxUses) ?? null,
      maxUsesPerMember: num(f.maxUsesPerMember) ?? null,
      category: f.category || null,
    };
    const checked = promoFields.safeParse(body);
    if (!checked.success) {
      setErrors(Object.fromEntries(checked.error.issues.map((i) => [String(i.path[0]), i.message])));
      return;
    }
    setErrors({});
    create.mutateAsync(body as never).then(
      (promo) => {
        setF((x) => ({ ...x, code: '', value: '' }));
        onCreated(promo);
      },
      () => undefined,
    );
  };

  return (
    <Panel title="New promo code" description="Shoppers type the code at checkout. It applies after their member discount, on what is left.">
      <form className={styles.form} onSubmit={submit} noValidate aria-label="New promo code">
        <div className={styles.grid}>
          <Field label="Code" value={f.code} onChange={set('code')} maxLength={32} autoComplete="off" placeholder="SUMMER10" hint="3 to 32 letters, digits, - or _" error={errors.code} />
          <SelectField label="Kind" value={f.kind} onChange={set('kind')} options={[{ value: 'percent', label: 'Percent off' }, { value: 'fixed', label: 'Par off' }]} error={errors.kind} />
          <Field label={f.kind === 'percent' ? 'Percent off' : 'Par off'} value={f.value} onChange={set('value')} inputMode="decimal" autoComplete="off" error={errors.value} />
          <Field label="Minimum order (par)" value={f.minOrder} onChange={set('minOrder')} inputMode="decimal" autoComplete="off" hint="Before discounts; empty for any" error={errors.minOrder} />
          <Field label="Starts" type="date" value={f.startsAt} onChange={set('startsAt')} error={errors.startsAt} />
          <Field label="Ends (last day, optional)" type="date" value={f.endsAt} onChange={set('endsAt')} error={errors.endsAt} />
          <Field label="Uses in all (optional)" value={f.maxUses} onChange={set('maxUses')} inputMode="numeric" autoComplete="off" error={errors.maxUses} />
          <Field label="Uses per member (optional)" value={f.maxUsesPerMember} onChange={set('maxUsesPerMember')} inputMode="numeric" autoComplete="off" error={errors.maxUsesPerMember} />
          <SelectField
            label="Only for a category"
            value={f.category}
            onChange={set('category')}
            options={[{ value: '', label: 'Every product' }, ...(categories.data ?? []).map((c) => ({ value: c.slug, label: c.name }))]}
            error={errors.category}
          />
        </div>
        <ErrorNotice message={create.isError ? create.error.message : null} />
        <div className={styles.actions}>
          <Button type="submit" aria-disabled={create.isPending || undefined}>
            {create.isPending ? 'Creating…' : 'Create code'}
          </Button>
        </div>
      </form>
    </Panel>
  );
}
