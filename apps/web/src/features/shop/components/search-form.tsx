import { useState, type FormEvent } from 'react';
import { SearchIcon } from '@/components/ui/commerce-icons';
import { SEARCH_MAX_LENGTH } from '@/lib/browse-filter';
import styles from './search-form.module.css';

/** The catalog search box. Submitting (Enter or the button) adds a step to the history, as a search engine does. */
export function SearchForm({ value, onSearch }: { value: string; onSearch(search: string): void }) {
  const [text, setText] = useState(value);
  const [seen, setSeen] = useState(value);
  if (seen !== value) {
    setSeen(value);
    setText(value);
  }
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    onSearch(text.trim());
  };
  return (
    <form role="search" className={styles.form} onSubmit={submit}>
      <label htmlFor="shop-search" className="sr-only">
        Search products
      </label>
      <input
        id="shop-search"
        className={styles.input}
        type="search"
        name="search"
        placeholder="Search products"
        autoComplete="off"
        enterKeyHint="search"
        maxLength={SEARCH_MAX_LENGTH}
        value={text}
        onChange={(event) => setText(event.target.value)}
      />
      <button type="submit" className={styles.button} aria-label="Search">
        <SearchIcon size={20} />
      </button>
    </form>
  );
}
