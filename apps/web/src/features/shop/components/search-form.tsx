import { SUGGEST_MIN_CHARS } from '@parmeta/contracts';
import { useEffect, useId, useState, type FormEvent, type KeyboardEvent } from 'react';
import { useNavigate } from 'react-router';
import { SearchIcon } from '@/components/ui/commerce-icons';
import { SEARCH_MAX_LENGTH } from '@/lib/browse-filter';
import { useSuggestions } from '../api/get-suggestions';
import { moveActive, suggestionOptions, type SuggestionOption } from '../model/suggestion-list';
import { SuggestionList } from './suggestion-list';
import box from '@/components/ui/search-box.module.css';

/** A pause in typing this long asks for suggestions: one request per pause, not per letter. */
const DEBOUNCE_MS = 150;

function useDebounced(text: string): string {
  const [settled, setSettled] = useState(text);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(text), DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text]);
  return settled;
}

/**
 * The catalog search box, with suggestions as the shopper types (the ARIA combobox pattern with
 * a list popup): from the second character, products and categories show under the box;
 * Up and Down move through them (announced through aria-activedescendant, focus stays in the
 * box), Enter or a click opens the highlighted one, Escape closes the list. Submitting without
 * a highlighted suggestion searches, adding a step to the history as a search engine does.
 */
export function SearchForm({ value, onSearch }: { value: string; onSearch(search: string): void }) {
  const [text, setText] = useState(value);
  const [seen, setSeen] = useState(value);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const navigate = useNavigate();
  const listId = useId();
  const statusId = useId();
  if (seen !== value) {
    setSeen(value);
    setText(value);
  }
  const typed = text.trim();
  const settled = useDebounced(typed);
  const suggestions = useSuggestions(settled);
  const wanted = typed.length >= SUGGEST_MIN_CHARS;
  const options = wanted ? suggestionOptions(suggestions.data) : [];
  const showing = open && wanted && options.length > 0;
  const activeOption = showing && active >= 0 ? options[active] : undefined;

  const choose = (option: SuggestionOption) => {
    setOpen(false);
    setActive(-1);
    void navigate(option.to);
  };
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (activeOption) return choose(activeOption);
    setOpen(false);
    onSearch(typed);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      if (!wanted || options.length === 0) return;
      event.preventDefault();
      if (!showing) {
        setOpen(true);
        setActive(event.key === 'ArrowDown' ? 0 : options.length - 1);
      } else setActive(moveActive(active, options.length, event.key));
    } else if (event.key === 'Escape' && showing) {
      // Closes the list only; a second Escape clears the box (the browser's own, for type=search).
      event.preventDefault();
      setOpen(false);
      setActive(-1);
    }
  };

  const count = options.length;
  const status = !showing ? '' : `${count} suggestion${count === 1 ? '' : 's'}. Use the up and down arrows to choose.`;
  return (
    <form role="search" className={box.form} onSubmit={submit}>
      <label htmlFor="shop-search" className="sr-only">
        Search products
      </label>
      <input
        id="shop-search"
        className={box.input}
        type="search"
        name="search"
        placeholder="Search products"
        autoComplete="off"
        enterKeyHint="search"
        maxLength={SEARCH_MAX_LENGTH}
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={showing}
        aria-controls={listId}
        aria-activedescendant={activeOption ? `${listId}-${activeOption.key}` : undefined}
        aria-describedby={statusId}
        value={text}
        onChange={(event) => {
          setText(event.target.value);
          setOpen(true);
          setActive(-1);
        }}
        onKeyDown={onKeyDown}
        onFocus={() => setOpen(true)}
        onBlur={() => {
          setOpen(false);
          setActive(-1);
        }}
      />
      <button type="submit" className={box.button} aria-label="Search">
        <SearchIcon size={20} />
      </button>
      <SuggestionList id={listId} options={showing ? options : []} active={active} onChoose={choose} />
      <p id={statusId} className="sr-only" aria-live="polite">
        {status}
      </p>
    </form>
  );
}
