import { Search, X } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { inputClasses } from '@/components/ui/field';

const DEBOUNCE_MS = 300;

interface SearchBoxProps {
  label: string;
  /** The search in effect (from the URL). */
  value: string;
  /** Called with the trimmed text once typing pauses. */
  onSearch: (q: string) => void;
}

/** Search as you type, sent to the server after a short pause rather than on every key. */
export function SearchBox({ label, value, onSearch }: SearchBoxProps) {
  const id = useId();
  const [text, setText] = useState(value);

  // Follow outside changes (back button, "Clear filters") without fighting the user's typing: `value`
  // only changes after the debounce below has already reported what they typed. Adjusted while rendering
  // rather than in an effect, so the box never paints the stale text first.
  const [shownValue, setShownValue] = useState(value);
  if (value !== shownValue) {
    setShownValue(value);
    setText(value);
  }

  useEffect(() => {
    const q = text.trim();
    if (q === value) return;
    const timer = window.setTimeout(() => onSearch(q), DEBOUNCE_MS);
    return () => window.clearTimeout(timer);
  }, [text, value, onSearch]);

  return (
    <div className="relative min-w-0 flex-1" role="search">
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <Search className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-400" aria-hidden />
      <input
        id={id}
        type="search"
        value={text}
        placeholder={`${label}...`}
        autoComplete="off"
        onChange={(event) => setText(event.target.value)}
        onKeyDown={(event) => {
          // Enter searches at once instead of waiting for the pause.
          if (event.key === 'Enter') onSearch(text.trim());
        }}
        className={`${inputClasses} pr-10 pl-9 [&::-webkit-search-cancel-button]:hidden`}
      />
      {text && (
        <button
          type="button"
          aria-label="Clear search"
          onClick={() => {
            setText('');
            onSearch('');
          }}
          className="absolute top-1/2 right-2 -translate-y-1/2 rounded p-1 text-slate-400 hover:text-slate-700 focus-visible:outline-2 focus-visible:outline-indigo-500"
        >
          <X className="size-4" aria-hidden />
        </button>
      )}
    </div>
  );
}
