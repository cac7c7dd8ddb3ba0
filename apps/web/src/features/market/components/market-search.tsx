import { useState, type FormEvent } from 'react';
import { SearchIcon } from '@/components/ui/commerce-icons';
import { SEARCH_MAX_LENGTH } from '@/lib/browse-filter';
import box from '@/components/ui/search-box.module.css';

/** The market's search box: name, collection or description. Submitting (Enter or the button) adds a step to the history. */
export function MarketSearch({ value, onSearch }: { value: string; onSearch(search: string): void }) {
  const [text, setText] = useState(value);
  const [seen, setSeen] = useState(value);
  // The address changed under the box (back button, "Clear filters"): show what applies now.
  if (seen !== value) {
    setSeen(value);
    setText(value);
  }
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    onSearch(text.trim());
  };
  return (
    <form role="search" aria-label="Search the market" className={box.form} onSubmit={submit}>
      <label htmlFor="market-search" className="sr-only">
        Search NFTs by name, collection or description
      </label>
      <input
        id="market-search"
        className={box.input}
        type="search"
        name="search"
        placeholder="Search NFTs"
        autoComplete="off"
        enterKeyHint="search"
        maxLength={SEARCH_MAX_LENGTH}
        value={text}
        onChange={(event) => setText(event.target.value)}
      />
      <button type="submit" className={box.button} aria-label="Search">
        <SearchIcon size={20} />
      </button>
    </form>
  );
}
