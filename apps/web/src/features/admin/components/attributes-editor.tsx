import { useId, type ReactNode } from 'react';
import { Button, ChevronDownIcon, PlusIcon, TrashIcon } from '@/components/ui';
import fieldStyles from '@/components/ui/field.module.css';
import selectStyles from '@/components/ui/select-field.module.css';
import { DISPLAY_TYPES, newAttributeRow, type AttributeRow, type DisplayType } from '../model/attributes';
import styles from './attributes-editor.module.css';

export const MAX_ATTRIBUTES = 20;

interface AttributesEditorProps {
  rows: readonly AttributeRow[];
  onChange(rows: AttributeRow[]): void;
  /** The message under a field path such as "attributes.2.value". */
  errorOf(path: string): string | undefined;
  onEdit(path: string): void;
}

/**
 * One labelled control of a row. The visible label is short ("Trait"); the row number is
 * for screen readers ("Trait 2"), who cannot see which row a field sits in.
 */
function Cell({ label, n, error, children }: { label: string; n: number; error: string | undefined; children(id: string, describedBy: string | undefined): ReactNode }) {
  const id = useId();
  const errorId = error ? `${id}-error` : undefined;
  return (
    <div className={fieldStyles.field}>
      <label htmlFor={id} className={fieldStyles.label}>
        {label}
        <span className="sr-only"> {n}</span>
      </label>
      {children(id, errorId)}
      {error && (
        <p id={errorId} className={fieldStyles.error}>
          {error}
        </p>
      )}
    </div>
  );
}

/** ERC-721 traits as editable rows: trait, value and how the value displays; add and remove rows. */
export function AttributesEditor({ rows, onChange, errorOf, onEdit }: AttributesEditorProps) {
  const update = (index: number, patch: Partial<AttributeRow>) => {
    onChange(rows.map((row, i) => (i === index ? { ...row, ...patch } : row)));
    for (const key of Object.keys(patch)) onEdit(`attributes.${index}.${key}`);
  };

  return (
    <fieldset className={styles.editor}>
      <legend className="sr-only">Attributes</legend>
      {rows.length === 0 ? (
        <p className={styles.none}>No attributes yet. Traits such as “Background” or “Rarity” show on the NFT’s page.</p>
      ) : (
        <ol className={styles.rows}>
          {rows.map((row, index) => {
            const n = index + 1;
            const path = (part: string) => `attributes.${index}.${part}`;
            const traitError = errorOf(path('trait_type'));
            const valueError = errorOf(path('value'));
            return (
              <li key={row.key} className={styles.row}>
                <Cell label="Trait" n={n} error={traitError}>
                  {(id, describedBy) => (
                    <input
                      id={id}
                      name={path('trait_type')}
                      className={fieldStyles.input}
                      value={row.trait_type}
                      maxLength={50}
                      autoComplete="off"
                      placeholder="e.g. Background"
                      aria-invalid={traitError ? true : undefined}
                      aria-describedby={describedBy}
                      onChange={(event) => update(index, { trait_type: event.target.value })}
                    />
                  )}
                </Cell>
                <Cell label="Value" n={n} error={valueError}>
                  {(id, describedBy) => (
                    <input
                      id={id}
                      name={path('value')}
                      className={fieldStyles.input}
                      value={row.value}
                      maxLength={100}
                      autoComplete="off"
                      inputMode={row.display_type ? 'decimal' : undefined}
                      placeholder={row.display_type ? 'A number' : 'e.g. Sunset'}
                      aria-invalid={valueError ? true : undefined}
                      aria-describedby={describedBy}
                      onChange={(event) => update(index, { value: event.target.value })}
                    />
                  )}
                </Cell>
                <Cell label="Shown as" n={n} error={undefined}>
                  {(id) => (
                    <div className={selectStyles.control}>
                      <select
                        id={id}
                        name={path('display_type')}
                        className={`${fieldStyles.input} ${selectStyles.select}`}
                        value={row.display_type}
                        onChange={(event) => update(index, { display_type: event.target.value as DisplayType })}
                      >
                        {DISPLAY_TYPES.map((t) => (
                          <option key={t.value} value={t.value}>
                            {t.label}
                          </option>
                        ))}
                      </select>
                      <span className={selectStyles.arrow} aria-hidden="true">
                        <ChevronDownIcon size={18} />
                      </span>
                    </div>
                  )}
                </Cell>
                <Button variant="ghost" className={styles.remove} aria-label={`Remove attribute ${n}${row.trait_type.trim() ? ` (${row.trait_type.trim()})` : ''}`} onClick={() => onChange(rows.filter((_, i) => i !== index))}>
                  <TrashIcon size={18} />
                </Button>
              </li>
            );
          })}
        </ol>
      )}
      <div className={styles.add}>
        <Button variant="secondary" size="sm" disabled={rows.length >= MAX_ATTRIBUTES} onClick={() => onChange([...rows, newAttributeRow()])}>
          <PlusIcon size={16} />
          Add attribute
        </Button>
        {rows.length >= MAX_ATTRIBUTES && <p className={styles.none}>An NFT has at most {MAX_ATTRIBUTES} attributes.</p>}
      </div>
    </fieldset>
  );
}
