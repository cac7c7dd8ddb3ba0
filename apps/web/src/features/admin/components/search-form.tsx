import { useId, useState, type FormEvent } from 'react';
import { Button } from '@/components/ui';
import { SearchIcon } from '@/components/ui/commerce-icons';
import fieldStyles from '@/components/ui/field.module.css';
import styles from './admin.module.css';

interface SearchFormProps {
  label: string;
  value: string;
  onSearch(text: string): void;
  placeholder?: string;
}

/** A search box that searches on Enter or the button, not on every key: each search is a URL. */
export function SearchForm({ label, value, onSearch, placeholder }: SearchFormProps) {
  const id = useId();
  const [text, setText] = useState(value);
  const [last, setLast] = useState(value);
  // The URL changed under us (back button, a link): show what is searched now.
  if (value !== last) {
    setLast(value);
    setText(value);
  }
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSearch(text.trim());
  };
  return (
    <form role="search" className={styles.search} onSubmit={submit}>
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <span className={styles.searchIcon} aria-hidden="true">
        <SearchIcon size={18} />
      </span>
      <input
        id={id}
        type="search"
        className={`${fieldStyles.input} ${styles.searchInput}`}
        value={text}
        placeholder={placeholder}
        maxLength={100}
        onChange={(event) => setText(event.target.value)}
      />
      <Button type="submit" variant="secondary">
        Search
      </Button>
    </form>
  );
}
