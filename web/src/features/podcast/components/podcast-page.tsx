import { clsx } from 'clsx';
import { Bell, Bookmark, LayoutGrid, List, Mic, Upload } from 'lucide-react';
import { lazy, Suspense, useEffect, useMemo, useState, type ReactNode } from 'react';
import { useSearchParams } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import { inputClasses } from '@/components/ui/field';
import { LazyDialog } from '@/components/ui/lazy-dialog';
import { Spinner } from '@/components/ui/spinner';
import { useEpisodes } from '../api/get-episodes';
import { EPISODE_SORT_OPTIONS, type EpisodeSort, type PodcastEpisode } from '../podcast';
import { readSavedEpisodes, toggleSavedEpisode } from '../saved-episodes';
import { EpisodeCard } from './episode-card';
import { EpisodeSearch } from './episode-search';
import { FeaturedVideo } from './featured-video';

// Admins only: visitors' phones do not download the upload form's code.
const UploadEpisodeForm = lazy(() => import('./upload-episode-form').then((m) => ({ default: m.UploadEpisodeForm })));
// Admins only, like the upload form: editing an episode and confirming its deletion.
const EditEpisodeDialog = lazy(() => import('./edit-episode-dialog').then((m) => ({ default: m.EditEpisodeDialog })));
const DeleteEpisodeDialog = lazy(() => import('./delete-episode-dialog').then((m) => ({ default: m.DeleteEpisodeDialog })));
// The subscribe form's dialog loads after the page (its hero heading is the largest paint on a phone).
const loadSubscribeDialog = () => import('./subscribe-dialog').then((m) => ({ Dialog: m.SubscribeDialog }));

interface PodcastPageProps {
  isAdmin: boolean;
  /** The hero's Admin Login button with its dialog, for everyone but admins (composed by the app: features stay apart). */
  adminLogin: ReactNode;
}

/** Spec §2 Podcast page. */
export function PodcastPage({ isAdmin, adminLogin }: PodcastPageProps) {
  const [params] = useSearchParams();
  const wanted = Number(params.get('episode')) || null;
  const [showUpload, setShowUpload] = useState(false);
  const [sort, setSort] = useState<EpisodeSort>('latest');
  const [view, setView] = useState<'grid' | 'list'>('grid');
  const [savedOnly, setSavedOnly] = useState(false);
  const [saved, setSaved] = useState<string[]>(readSavedEpisodes);
  const [editing, setEditing] = useState<PodcastEpisode | null>(null);
  const [deleting, setDeleting] = useState<PodcastEpisode | null>(null);
  const episodes = useEpisodes(sort);
  const loaded = useMemo(() => episodes.data?.pages.flatMap((page) => page.items) ?? [], [episodes.data]);
  const shown = savedOnly ? loaded.filter((e) => saved.includes(e.id)) : loaded;
  const found = wanted !== null && loaded.some((e) => e.episodeNumber === wanted);

  // A shared link (/podcast?episode=N): load pages until the episode is there, then scroll to it.
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = episodes;
  useEffect(() => {
    if (wanted === null || found || !hasNextPage || isFetchingNextPage) return;
    void fetchNextPage();
  }, [wanted, found, hasNextPage, isFetchingNextPage, fetchNextPage]);
  useEffect(() => {
    if (found) document.getElementById(`episode-${wanted}`)?.scrollIntoView({ behavior: 'smooth', block: 'center' });
  }, [found, wanted]);

  return (
    <>
      <section className="bg-gradient-to-br from-indigo-950 via-indigo-900 to-purple-900 text-white">
        <div className="mx-auto max-w-6xl px-4 py-16 text-center sm:px-6 lg:px-8">
          <Mic className="mx-auto size-12 text-amber-400" aria-hidden />
          <h1 className="mt-4 font-serif text-4xl font-bold tracking-tight sm:text-5xl">Kingdom Marketplace Podcast</h1>
          <p className="mx-auto mt-4 max-w-2xl text-lg text-indigo-100">
            Conversations on faith, purpose, business and community with Kingdom-minded creators and leaders.
          </p>
          <div className="mt-8 flex flex-col justify-center gap-4 sm:flex-row">
            {isAdmin ? (
              <Button variant="accent" size="lg" aria-expanded={showUpload} onClick={() => setShowUpload((v) => !v)}>
                <Upload className="size-5" aria-hidden />
                Upload Episode
              </Button>
            ) : (
              adminLogin
            )}
            <LazyDialog
              load={loadSubscribeDialog}
              trigger={
                <Button variant={isAdmin ? 'outline-light' : 'accent'} size="lg">
                  <Bell className="size-5" aria-hidden />
                  Subscribe
                </Button>
              }
            />
          </div>
        </div>
      </section>

      {isAdmin && showUpload && (
        <div className="mx-auto max-w-6xl px-4 pt-10 sm:px-6 lg:px-8">
          <Suspense fallback={<Spinner label="Loading the upload form" />}>
            <UploadEpisodeForm />
          </Suspense>
        </div>
      )}

      <EpisodeSearch />

      <FeaturedVideo />

      <section aria-labelledby="all-episodes-heading" className="mx-auto max-w-6xl px-4 pb-20 sm:px-6 lg:px-8">
        <div className="mb-6 flex flex-wrap items-end justify-between gap-4">
          <h2 id="all-episodes-heading" className="font-serif text-3xl font-bold text-indigo-950">
            All Episodes
          </h2>
          <div className="flex flex-wrap items-center gap-2">
            <label className="sr-only" htmlFor="episode-sort">
              Sort episodes
            </label>
            <select id="episode-sort" value={sort} onChange={(e) => setSort(e.target.value as EpisodeSort)} className={inputClasses}>
              {EPISODE_SORT_OPTIONS.map((option) => (
                <option key={option.value} value={option.value}>
                  {option.label}
                </option>
              ))}
            </select>
            <Button variant={savedOnly ? 'primary' : 'outline'} size="sm" aria-pressed={savedOnly} onClick={() => setSavedOnly((v) => !v)}>
              <Bookmark className="size-4" aria-hidden />
              Saved ({saved.length})
            </Button>
            <Button
              variant={view === 'grid' ? 'primary' : 'outline'}
              size="icon"
              aria-label="Grid view"
              aria-pressed={view === 'grid'}
              onClick={() => setView('grid')}
            >
              <LayoutGrid className="size-4" aria-hidden />
            </Button>
            <Button
              variant={view === 'list' ? 'primary' : 'outline'}
              size="icon"
              aria-label="List view"
              aria-pressed={view === 'list'}
              onClick={() => setView('list')}
            >
              <List className="size-4" aria-hidden />
            </Button>
          </div>
        </div>

        {episodes.isPending ? (
          <Spinner label="Loading episodes" />
        ) : episodes.isError ? (
          <p role="alert" className="text-red-700">
            The episodes could not be loaded. Please try again in a moment.
          </p>
        ) : shown.length === 0 ? (
          <p className="rounded-xl border border-dashed border-indigo-200 p-10 text-center text-slate-600">
            {savedOnly
              ? 'No saved episodes yet. Use Save on an episode to keep it here.'
              : 'No episodes yet. Subscribe to hear when the first one is published.'}
          </p>
        ) : (
          <div className={clsx('grid gap-6', view === 'grid' ? 'sm:grid-cols-2 lg:grid-cols-3' : 'grid-cols-1')} data-testid="episode-list">
            {shown.map((episode) => (
              <EpisodeCard
                key={episode.id}
                episode={episode}
                view={view}
                saved={saved.includes(episode.id)}
                highlighted={episode.episodeNumber === wanted}
                onToggleSaved={(id) => setSaved((current) => toggleSavedEpisode(current, id))}
                onEdit={isAdmin ? setEditing : undefined}
                onDelete={isAdmin ? setDeleting : undefined}
              />
            ))}
          </div>
        )}

        {episodes.hasNextPage && (
          <div className="mt-10 text-center">
            <Button variant="outline" size="lg" disabled={episodes.isFetchingNextPage} onClick={() => void episodes.fetchNextPage()}>
              {episodes.isFetchingNextPage ? 'Loading...' : 'Load More Episodes'}
            </Button>
          </div>
        )}
      </section>

      {isAdmin && (
        <Suspense fallback={null}>
          <EditEpisodeDialog episode={editing} onClose={() => setEditing(null)} />
          <DeleteEpisodeDialog episode={deleting} onClose={() => setDeleting(null)} />
        </Suspense>
      )}
    </>
  );
}
