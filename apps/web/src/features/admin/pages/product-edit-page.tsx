import { useParams } from 'react-router';
import { useProduct } from '../api/products';
import { ProductForm } from '../components/product-form';
import { RecordEditor } from '../components/record-editor';
import { VariantsEditor } from '../components/variants-editor';

/** /admin/products/new and /admin/products/:id: one page, one chunk. */
export default function ProductEditPage() {
  // Both routes render this component: a new key when the id changes (e.g. after creating) starts the page afresh.
  const { id } = useParams();
  return (
    <RecordEditor
      key={id ?? 'new'}
      idText={id}
      noun="product"
      plural="products"
      listPath="/admin/products"
      create={{ title: 'New product', description: 'Add a product to the shop. It shows there as soon as it is active and has stock.', done: 'created' }}
      useRecord={useProduct}
      describe={(p) => `Product #${p.id} in ${p.category.name}.`}
      form={(product, onSaved) => (
        <>
          <ProductForm key={product?.id ?? 'new'} product={product} onSaved={onSaved} />
          {product && <VariantsEditor productId={product.id} slug={product.slug} />}
        </>
      )}
    />
  );
}
