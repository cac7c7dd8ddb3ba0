import type { AdminPromo } from '@parmeta/contracts';
import { useState } from 'react';
import { useSearchParams } from '@/lib/search-params';
import { Badge, Button, EmptyState, PageHeader, SuccessNotice, LoadError } from '@/components/ui';
import { DataTable, type Column } from '@/components/ui/data-table';
import { Pagination } from '@/components/ui/pagination';
import { pageCountOf } from '../model/format';
import { priceText } from '@/components/ui/price';
import { useDisablePromo, usePromos } from '../api/promos';
import { PromoForm } from '../components/promo-form';
import shared from '../components/admin.module.css';
import { ADMIN_HEADS } from '../model/admin-heads';

const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);

function offer(p: AdminPromo): string {
  const off = p.kind === 'percent' ? `${p.value}% off` : `${priceText(p.value)} off`;
  return [off, p.category ? `${p.category.name} only` : null, p.minOrder > 0 ? `from ${priceText(p.minOrder)}` : null].filter(Boolean).join(', ');
}

function state(p: AdminPromo, now: number): { label: string; tone: 'success' | 'neutral' | 'brand' } {
  if (p.disabled) return { label: 'Disabled', tone: 'neutral' };
  if (now < p.startsAt) return { label: 'Not started', tone: 'brand' };
  if (p.endsAt !== null && now >= p.endsAt) return { label: 'Ended', tone: 'neutral' };
  if (p.maxUses !== null && p.uses >= p.maxUses) return { label: 'Used up', tone: 'neutral' };
  return { label: 'Active', tone: 'success' };
}

/** /admin/promos: create, list and disable promo codes (docs/decisions/0051). */
export default function PromosPage() {
  const [params] = useSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const promos = usePromos(page);
  const disable = useDisablePromo();
  const [notice, setNotice] = useState<string | null>(null);
  const now = Date.now();
  const data = promos.data;

  const columns: Column<AdminPromo>[] = [
    { key: 'code', header: 'Code', primary: true, cell: (p) => <strong>{p.code}</strong> },
    { key: 'offer', header: 'Offer', cell: offer },
    { key: 'dates', header: 'Dates', cell: (p) => `${day(p.startsAt)} – ${p.endsAt === null ? 'no end' : day(p.endsAt - 1)}` },
    { key: 'uses', header: 'Uses', align: 'end', cell: (p) => `${p.uses}${p.maxUses === null ? '' : ` of ${p.maxUses}`}${p.maxUsesPerMember === null ? '' : ` (${p.maxUsesPerMember} each)`}` },
    {
      key: 'state',
      header: 'State',
      cell: (p) => {
        const s = state(p, now);
        return <Badge tone={s.tone}>{s.label}</Badge>;
      },
    },
    {
      key: 'actions',
      header: 'Actions',
      hideHeader: true,
      align: 'end',
      cell: (p) =>
        p.disabled ? null : (
          <Button
            size="sm"
            variant="secondary"
            aria-label={`Disable code ${p.code}`}
            onClick={() => void disable.mutateAsync(p.id).then(() => setNotice(`The code ${p.code} is disabled: no new order can use it.`), () => setNotice(null))}
          >
            Disable
          </Button>
        ),
    },
  ];

  return (
    <>
      <PageHeader {...ADMIN_HEADS['/admin/promos']} />
      <PromoForm onCreated={(p) => setNotice(`The code ${p.code} is created.`)} />
      <SuccessNotice message={notice} className={shared.notice} />
      {promos.isError && !data ? (
        <LoadError what="the promo codes" error={promos.error} onRetry={() => void promos.refetch()} />
      ) : (
        <DataTable caption="Promo codes" columns={columns} rows={data?.items} rowKey={(p) => p.id} stale={promos.isPlaceholderData} empty={<EmptyState title="No promo codes yet">Create one above.</EmptyState>} />
      )}
      {data && (
        <div className={shared.pages}>
          <Pagination label="Promo code pages" page={data.page} pageCount={pageCountOf(data.total, data.pageSize)} hrefFor={(p) => (p > 1 ? `/admin/promos?page=${p}` : '/admin/promos')} />
        </div>
      )}
    </>
  );
}
