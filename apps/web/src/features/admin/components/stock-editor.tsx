import { useId, useState, type FormEvent } from 'react';
import { Button } from '@/components/ui';
import fieldStyles from '@/components/ui/field.module.css';
import { failureMessage } from '@/lib/call-api';
import { useSetStock } from '../api/products';
import { fieldMessage } from '@/lib/form-errors';
import styles from './stock-editor.module.css';

/** The check's module: loaded as a stock field is first focused, before its first save. */
const loadCheck = () => import('../model/stock-check');

interface StockEditorProps {
  product: { id: number; name: string; stock: number };
}

/** Quick stock change in a table row: type the new count, Enter or Save. */
export function StockEditor({ product }: StockEditorProps) {
  const id = useId();
  const save = useSetStock();
  const [text, setText] = useState(String(product.stock));
  const [shown, setShown] = useState(product.stock);
  const [error, setError] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  // A new count from the server (this save, or someone else's) replaces an untouched field.
  if (product.stock !== shown) {
    setShown(product.stock);
    if (text === String(shown)) setText(String(product.stock));
  }

  const dirty = text.trim() !== String(product.stock);
  const label = `Stock of ${product.name}`;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSaved(false);
    const { checkStock } = await loadCheck();
    const checked = checkStock(product.id, text);
    if (!checked.ok) {
      setError(fieldMessage('Stock', checked.errors.stock) ?? 'Stock is not valid');
      return;
    }
    setError(null);
    save.mutate({ ...checked.data, expectedStock: product.stock }, {
      onSuccess: (p) => {
        setText(String(p.stock));
        setSaved(true);
      },
      onError: (e) => setError(failureMessage(e)),
    });
  };

  const messageId = `${id}-message`;
  return (
    <form className={styles.editor} onSubmit={(event) => void submit(event)} noValidate>
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <input
        id={id}
        name="stock"
        className={`${fieldStyles.input} ${styles.input}`}
        inputMode="numeric"
        autoComplete="off"
        value={text}
        aria-invalid={error ? true : undefined}
        aria-describedby={error || saved ? messageId : undefined}
        onFocus={() => void loadCheck()}
        onChange={(event) => {
          setText(event.target.value);
          setSaved(false);
          setError(null);
        }}
      />
      <Button type="submit" size="sm" variant="secondary" disabled={!dirty || save.isPending} aria-label={`Save the stock of ${product.name}`}>
        {save.isPending ? 'Saving…' : 'Save'}
      </Button>
      {error ? (
        <p id={messageId} role="alert" className={styles.error}>
          {error}
        </p>
      ) : (
        saved && (
          <p id={messageId} role="status" className={styles.saved}>
            Saved
          </p>
        )
      )}
    </form>
  );
}
