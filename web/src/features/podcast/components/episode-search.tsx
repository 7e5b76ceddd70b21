import { Search } from 'lucide-react';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { inputClasses } from '@/components/ui/field';
import { Spinner } from '@/components/ui/spinner';
import { serverMessage } from '@/lib/api-client';
import { useEpisodeSearch } from '../api/search-episodes';
import { episodePath, formatMinutesSeconds, searchHitPath, searchQueryOf, SEARCH_MAX_CHARS, type EpisodeSearchHit, type SearchSnippetPart } from '../podcast';

/** Typing pauses this long before the words are searched (and written into the address). */
const DEBOUNCE_MS = 300;

function Marked({ parts }: { parts: SearchSnippetPart[] }) {
  return parts.map((part, i) =>
    part.match ? (
      <mark key={i} className="rounded bg-amber-200 px-0.5 text-slate-900">
        {part.text}
      </mark>
    ) : (
      <span key={i}>{part.text}</span>
    ),
  );
}

function SearchHit({ hit }: { hit: EpisodeSearchHit }) {
  return (
    <li className="grid gap-1.5 rounded-xl border border-indigo-100 bg-white p-4 shadow-sm" data-testid="search-hit">
      <p className="text-xs font-semibold text-indigo-700">
        Episode {hit.episodeNumber} · {formatMinutesSeconds(hit.duration)}
      </p>
      <h3 className="text-lg leading-snug font-bold text-slate-900">
        <Link to={episodePath(hit)} className="hover:text-indigo-800 hover:underline focus-visible:underline">
          {hit.title}
        </Link>
      </h3>
      {hit.snippet && (
        <p className="text-sm text-slate-700">
          <Marked parts={hit.snippet} />
        </p>
      )}
      {hit.line && (
        <p className="text-sm">
          <Link
            to={searchHitPath(hit)}
            className="inline-flex flex-wrap gap-x-2 text-slate-700 underline decoration-indigo-300 underline-offset-2 hover:text-indigo-900"
          >
            <span className="font-semibold text-indigo-800">Said at {formatMinutesSeconds(hit.line.start)}:</span>
            <span>
              “<Marked parts={hit.line.parts} />”
            </span>
          </Link>
        </p>
      )}
    </li>
  );
}

/**
 * One search box for the podcast (ADR 0053): titles, show notes and what is said in transcripts. The words live in
 * `?q=` so a search can be shared; a transcript hit opens the episode at the line's moment.
 */
export function EpisodeSearch() {
  const headingId = useId();
  const inputId = useId();
  const [params, setParams] = useSearchParams();
  const asked = searchQueryOf(params) ?? '';
  const [text, setText] = useState(asked);
  const search = useEpisodeSearch(asked);

  function ask(words: string) {
    const q = words.trim();
    if (q === asked) return;
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (q) next.set('q', q);
        else next.delete('q');
        return next;
      },
      { replace: true, preventScrollReset: true },
    );
  }

  // The address changing (back, a shared link) puts its words in the box.
  const [shown, setShown] = useState(asked);
  if (shown !== asked) {
    setShown(asked);
    if (text.trim() !== asked) setText(asked);
  }

  // Typing searches once it pauses.
  useEffect(() => {
    const timer = setTimeout(() => ask(text), DEBOUNCE_MS);
    return () => clearTimeout(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only the typed text starts the timer
  }, [text]);

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    ask(text);
  }

  const result = asked ? search.data : undefined;
  const status = !result
    ? ''
    : result.total === 0
      ? `No episode says “${result.q}”. Try other words.`
      : `${result.total} ${result.total === 1 ? 'episode' : 'episodes'} found for “${result.q}”${result.total > result.items.length ? `; the best ${result.items.length} are shown` : ''}.`;
  return (
    <section aria-labelledby={headingId} className="mx-auto max-w-6xl px-4 pt-10 sm:px-6 lg:px-8">
      <h2 id={headingId} className="sr-only">
        Search episodes
      </h2>
      <form role="search" onSubmit={handleSubmit} className="grid gap-1.5">
        <label htmlFor={inputId} className="text-sm font-medium text-slate-800">
          Search episodes
        </label>
        <div className="relative">
          <Search className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-500" aria-hidden />
          <input
            id={inputId}
            type="search"
            value={text}
            maxLength={SEARCH_MAX_CHARS}
            onChange={(e) => setText(e.target.value)}
            placeholder="A title, a topic, or words said in an episode"
            enterKeyHint="search"
            className={`${inputClasses} pl-9`}
          />
        </div>
      </form>
      {/* Always there, so a screen reader hears each new count. */}
      <p role="status" className="mt-3 text-sm text-slate-600 empty:hidden">
        {status}
      </p>
      {asked && search.isError && (
        <p role="alert" className="mt-3 text-sm font-medium text-red-700">
          {serverMessage(search.error) ?? 'The search could not be done. Please try again in a moment.'}
        </p>
      )}
      {asked && !search.isError && !result && <Spinner label="Searching episodes" />}
      {result && result.items.length > 0 && (
        <ol className="mt-3 grid gap-3" aria-label="Search results" aria-busy={search.isFetching}>
          {result.items.map((hit) => (
            <SearchHit key={hit.id} hit={hit} />
          ))}
        </ol>
      )}
    </section>
  );
}
