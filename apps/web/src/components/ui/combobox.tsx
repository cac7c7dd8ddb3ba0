import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import fieldStyles from './field.module.css';
import { ChevronDownIcon } from './icons';
import styles from './combobox.module.css';

export interface ComboboxOption {
  value: string;
  label: string;
  /** Shown dimmed at the end of the option, e.g. a country code. */
  detail?: string;
}

interface ComboboxProps {
  label: string;
  options: readonly ComboboxOption[];
  /** The chosen option's value; '' when nothing is chosen. */
  value: string;
  onChange(value: string): void;
  /** The options that match typed text, best first. Default: the label contains the text. */
  filter?(options: readonly ComboboxOption[], query: string): readonly ComboboxOption[];
  error?: string | undefined;
  hint?: string;
  id?: string;
  name?: string;
  placeholder?: string;
  required?: boolean;
  disabled?: boolean;
  autoComplete?: string;
}

const defaultFilter = (options: readonly ComboboxOption[], query: string) => {
  const q = query.trim().toLowerCase();
  return q ? options.filter((o) => o.label.toLowerCase().includes(q)) : options;
};

/**
 * A searchable select (the ARIA combobox pattern with a list popup): typing filters the
 * options and highlights the best match, arrows move through them, Enter chooses, Escape
 * closes and restores the chosen value. Focus stays in the text box throughout; the
 * highlighted option is announced through aria-activedescendant.
 */
export function Combobox({ label, options, value, onChange, filter = defaultFilter, error, hint, id, name, placeholder, required, disabled, autoComplete = 'off' }: ComboboxProps) {
  const autoId = useId();
  const inputId = id ?? autoId;
  const listId = `${inputId}-listbox`;
  const hintId = hint ? `${inputId}-hint` : undefined;
  const errorId = error ? `${inputId}-error` : undefined;
  const inputRef = useRef<HTMLInputElement>(null);

  /** The typed text while the user is searching; null shows the chosen option's label. */
  const [query, setQuery] = useState<string | null>(null);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);

  const selected = options.find((o) => o.value === value);
  const shown = query === null ? options : filter(options, query);
  const optionId = (index: number) => `${listId}-${index}`;
  const activeOption = open ? shown[active] : undefined;

  // Keep the highlighted option in view as the arrows move through a long list.
  useEffect(() => {
    if (open && active >= 0) document.getElementById(`${listId}-${active}`)?.scrollIntoView({ block: 'nearest' });
  }, [open, active, listId]);

  const openList = (at: 'selected' | 'first' | 'last') => {
    const list = query === null ? options : filter(options, query);
    const chosen = list.findIndex((o) => o.value === value);
    setActive(at === 'last' ? list.length - 1 : at === 'selected' && chosen >= 0 ? chosen : list.length > 0 ? 0 : -1);
    setOpen(true);
  };

  const choose = (option: ComboboxOption) => {
    onChange(option.value);
    setQuery(null);
    setOpen(false);
  };

  /** Leaving the field keeps an exact match of what was typed and otherwise restores the chosen option. */
  const settle = () => {
    if (query !== null) {
      const typed = query.trim().toLowerCase();
      const exact = typed ? options.find((o) => o.label.toLowerCase() === typed || o.value.toLowerCase() === typed) : undefined;
      if (exact) onChange(exact.value);
      else if (!typed) onChange('');
    }
    setQuery(null);
    setOpen(false);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    switch (event.key) {
      case 'ArrowDown':
        event.preventDefault();
        if (!open || event.altKey) openList('selected');
        else setActive((i) => Math.min(i + 1, shown.length - 1));
        break;
      case 'ArrowUp':
        event.preventDefault();
        if (!open) openList('last');
        else setActive((i) => Math.max(i - 1, 0));
        break;
      case 'Enter':
        if (!open) break; // a closed list lets Enter submit the form
        event.preventDefault();
        if (activeOption) choose(activeOption);
        else setOpen(false);
        break;
      case 'Escape':
        if (!open && query === null) break;
        // Handled here: a dialog around the field must not close as well.
        event.preventDefault();
        event.stopPropagation();
        setQuery(null);
        setOpen(false);
        break;
      default:
        break;
    }
  };

  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined;

  return (
    <div className={fieldStyles.field}>
      <label className={fieldStyles.label} htmlFor={inputId}>
        {label}
      </label>
      <div className={styles.control}>
        <input
          ref={inputRef}
          id={inputId}
          name={name}
          className={`${fieldStyles.input} ${styles.input}`}
          type="text"
          role="combobox"
          aria-autocomplete="list"
          aria-expanded={open}
          aria-controls={listId}
          aria-activedescendant={activeOption ? optionId(active) : undefined}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          aria-required={required || undefined}
          autoComplete={autoComplete}
          spellCheck={false}
          placeholder={placeholder}
          disabled={disabled}
          value={query ?? selected?.label ?? ''}
          onChange={(event) => {
            const text = event.target.value;
            setQuery(text);
            setActive(filter(options, text).length > 0 ? 0 : -1);
            setOpen(true);
          }}
          onKeyDown={onKeyDown}
          onBlur={settle}
          onClick={() => {
            if (!open) openList('selected');
          }}
        />
        <button
          type="button"
          className={styles.toggle}
          tabIndex={-1}
          aria-label={open ? `Close the ${label.toLowerCase()} list` : `Show the ${label.toLowerCase()} list`}
          disabled={disabled}
          // Keep focus in the text box: the list belongs to it.
          onMouseDown={(event) => event.preventDefault()}
          onClick={() => {
            inputRef.current?.focus();
            if (open) setOpen(false);
            else openList('selected');
          }}
        >
          <ChevronDownIcon size={18} />
        </button>
        <div className={styles.popup} hidden={!open}>
          <ul id={listId} role="listbox" aria-label={label} className={styles.list}>
            {open &&
              shown.map((option, index) => (
                <li
                  key={option.value}
                  id={optionId(index)}
                  role="option"
                  aria-selected={index === active}
                  className={[styles.option, index === active && styles.active, option.value === value && styles.chosen].filter(Boolean).join(' ')}
                  onMouseDown={(event) => event.preventDefault()}
                  onMouseMove={() => setActive(index)}
                  onClick={() => choose(option)}
                >
                  <span>{option.label}</span>
                  {option.detail && <span className={styles.detail}>{option.detail}</span>}
                </li>
              ))}
          </ul>
          {open && shown.length === 0 && <p className={styles.empty}>No match for “{query}”.</p>}
        </div>
      </div>
      {hint && (
        <p id={hintId} className={fieldStyles.hint}>
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className={fieldStyles.error}>
          {error}
        </p>
      )}
    </div>
  );
}
