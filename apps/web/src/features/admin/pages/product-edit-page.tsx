import { useState } from 'react';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { ButtonLink, EmptyState, PageHeader, Skeleton, SuccessNotice } from '@/components/ui';
import { ChevronLeftIcon } from '@/components/ui/commerce-icons';
import { useProduct } from '../api/products';
import { LoadError } from '../components/load-error';
import { ProductForm } from '../components/product-form';
import styles from '../components/admin.module.css';

/** /admin/products/new and /admin/products/:id: one page, one chunk. */
export default function ProductEditPage() {
  // Both routes render this component: a new key when the id changes (e.g. after creating) starts the page afresh.
  const { id: idText } = useParams();
  return <Editor key={idText ?? 'new'} idText={idText} />;
}

function Editor({ idText }: { idText: string | undefined }) {
  const navigate = useNavigate();
  const arrivedWith = (useLocation().state as { notice?: string } | null)?.notice ?? null;
  const [notice, setNotice] = useState<string | null>(arrivedWith);
  const id = idText === undefined ? null : Number(idText);
  const product = useProduct(id ?? 0);

  const back = (
    <Link to="/admin/products" className={styles.back}>
      <ChevronLeftIcon size={18} />
      All products
    </Link>
  );

  if (id === null) {
    return (
      <>
        {back}
        <PageHeader title="New product" documentTitle="Admin · New product" description="Add a product to the shop. It shows there as soon as it is active and has stock." />
        <ProductForm onSaved={(p) => void navigate(`/admin/products/${p.id}`, { replace: true, state: { notice: `“${p.name}” was created.` } })} />
      </>
    );
  }

  if (!Number.isSafeInteger(id) || id <= 0 || product.error?.name === 'NotFoundError') {
    return (
      <>
        {back}
        <PageHeader title="Product not found" documentTitle="Admin · Product not found" />
        <EmptyState title="There is no product with this id" action={<ButtonLink to="/admin/products">See all products</ButtonLink>}>
          It may have been typed wrong, or the link is old.
        </EmptyState>
      </>
    );
  }

  const p = product.data;
  return (
    <>
      {back}
      <PageHeader title={p ? p.name : 'Edit product'} documentTitle={`Admin · ${p ? p.name : 'Edit product'}`} description={p ? `Product #${p.id} in ${p.category.name}.` : undefined} />
      <SuccessNotice message={notice} className={styles.notice} />
      {product.isError ? (
        <LoadError what="this product" error={product.error} onRetry={() => void product.refetch()} />
      ) : !p ? (
        <div aria-busy="true" aria-label="Loading the product">
          <Skeleton height={420} />
        </div>
      ) : (
        <ProductForm key={p.id} product={p} onSaved={(saved) => setNotice(`Changes to “${saved.name}” were saved.`)} />
      )}
    </>
  );
}
