import { useQuery } from '@tanstack/react-query';
import { Clock, Share2 } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import { Breadcrumbs } from '@/components/ui/breadcrumbs';
import { Spinner } from '@/components/ui/spinner';
import { ApiError } from '@/lib/api-client';
import { useTitle } from '@/lib/use-document-title';
import { useCountEpisodeView } from '../api/count-view';
import { episodeByNumberQueryOptions } from '../api/get-episode';
import { episodePath, episodeShareLink, formatClock, formatEpisodeDate, formatViews, startTimeOf, type PodcastEpisode } from '../podcast';
import { ChapterList } from './chapter-list';
import { shareEpisode } from '../share-episode';
import { EpisodePlayer } from './episode-player';
import { ShowNotes } from './show-notes';
import { Transcript } from './transcript';

interface EpisodePageProps {
  episodeNumber: number;
  /** What to show when no episode has that number. */
  notFound: React.ReactNode;
}

/** An episode's own page `/podcast/{n}-{slug}` (ADR 0045): its player (from `?t=` when given), show notes, tags and Share. */
export function EpisodePage({ episodeNumber, notFound }: EpisodePageProps) {
  const { data: episode, error, isPending } = useQuery(episodeByNumberQueryOptions(episodeNumber));
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  useTitle(episode ? `Episode ${episode.episodeNumber}: ${episode.title}` : undefined);

  // The number decides; an old slug (the title changed) is replaced by the current one, keeping ?t= (the gateway
  // answers a first visit with a 301 already).
  useEffect(() => {
    if (episode && pathname !== episodePath(episode)) navigate(`${episodePath(episode)}${search}`, { replace: true });
  }, [episode, pathname, search, navigate]);

  if (error instanceof ApiError && error.status === 404) return notFound;
  return (
    <div className="mx-auto max-w-4xl px-4 py-8 sm:px-6 lg:px-8">
      <Breadcrumbs
        trail={[
          { label: 'Home', to: '/' },
          { label: 'Podcast', to: '/podcast' },
        ]}
        current={`Episode ${episodeNumber}`}
      />
      {episode ? (
        <EpisodeDetails key={episode.id} episode={episode} start={startTimeOf(search)} />
      ) : isPending ? (
        <div className="flex justify-center py-24">
          <Spinner label="Loading the episode" />
        </div>
      ) : (
        <p role="alert" className="rounded-lg bg-red-50 p-4 text-red-800">
          We could not load this episode. Check your connection and reload the page.
        </p>
      )}
    </div>
  );
}

function EpisodeDetails({ episode, start }: { episode: PodcastEpisode; start: number | null }) {
  const titleId = useId();
  const shareAtId = useId();
  const mediaRef = useRef<HTMLMediaElement>(null);
  const countView = useCountEpisodeView();
  const counted = useRef(false);
  const [views, setViews] = useState(episode.views);
  const [position, setPosition] = useState(start ?? 0);
  const [exactPosition, setExactPosition] = useState(start ?? 0);
  const [shareAtPosition, setShareAtPosition] = useState(start !== null);

  // A shared link's start: set before the media loads it becomes where playback begins; set again once it has loaded.
  useEffect(() => {
    const media = mediaRef.current;
    if (!media || start === null) return;
    const seek = () => {
      media.currentTime = Math.min(start, Number.isFinite(media.duration) ? media.duration : start);
    };
    seek();
    media.addEventListener('loadedmetadata', seek, { once: true });
    return () => media.removeEventListener('loadedmetadata', seek);
  }, [start]);

  useEffect(() => {
    const media = mediaRef.current;
    if (!media) return;
    const update = () => {
      setPosition(Math.floor(media.currentTime));
      setExactPosition(media.currentTime);
    };
    media.addEventListener('timeupdate', update);
    return () => media.removeEventListener('timeupdate', update);
  }, []);

  function handlePlay() {
    if (counted.current) return;
    counted.current = true;
    countView.mutate(episode.id, { onSuccess: (result) => setViews(result.views) });
  }

  function jump(startTime: number) {
    const media = mediaRef.current;
    if (!media) return;
    media.currentTime = startTime;
    setPosition(Math.floor(startTime));
    setExactPosition(startTime);
    void media.play().catch(() => undefined);
  }

  function share() {
    return shareEpisode({ title: episode.title, url: episodeShareLink(window.location.origin, episodePath(episode), shareAtPosition ? position : null) });
  }

  return (
    <article aria-labelledby={titleId} className="overflow-hidden rounded-xl border border-indigo-100 bg-white shadow-sm">
      <EpisodePlayer ref={mediaRef} episode={episode} onPlay={handlePlay} />
      <div className="grid gap-4 p-4 sm:p-6">
        <header className="grid gap-2">
          <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm font-semibold text-indigo-700">
            <span>Episode {episode.episodeNumber}</span>
            <span className="inline-flex items-center gap-1">
              <Clock className="size-4" aria-hidden />
              <span className="sr-only">Duration</span>
              {formatClock(episode.duration)}
            </span>
          </p>
          <h1 id={titleId} className="text-2xl leading-tight font-bold text-slate-900 sm:text-3xl">
            {episode.title}
          </h1>
          <p className="flex flex-wrap gap-x-3 text-sm text-slate-600">
            <time dateTime={episode.createdAt}>{formatEpisodeDate(episode.createdAt)}</time>
            <span>{formatViews(views)}</span>
          </p>
        </header>
        <div className="flex flex-wrap items-center gap-3">
          <Button onClick={() => void share()}>
            <Share2 className="size-4" aria-hidden />
            Share
          </Button>
          <label htmlFor={shareAtId} className="inline-flex min-h-11 items-center gap-2 text-sm text-slate-700">
            <input
              id={shareAtId}
              type="checkbox"
              className="size-5 accent-indigo-700"
              checked={shareAtPosition}
              onChange={(e) => setShareAtPosition(e.target.checked)}
            />
            Start at {formatClock(position)}
          </label>
        </div>
        {episode.chapters.length > 0 && <ChapterList chapters={episode.chapters} position={position} onJump={jump} />}
        {episode.transcript && <Transcript episodeId={episode.id} position={exactPosition} onSeek={jump} />}
        <section aria-labelledby={`${titleId}-notes`} className="grid gap-2">
          <h2 id={`${titleId}-notes`} className="text-lg font-bold text-slate-900">
            Show notes
          </h2>
          <ShowNotes markdown={episode.description} />
        </section>
        {episode.tags.length > 0 && (
          <ul className="flex flex-wrap gap-1.5" aria-label="Tags">
            {episode.tags.map((tag) => (
              <li key={tag} className="rounded-full bg-indigo-50 px-2.5 py-0.5 text-xs font-medium text-indigo-800">
                {tag}
              </li>
            ))}
          </ul>
        )}
      </div>
    </article>
  );
}
