import { clsx } from 'clsx';
import { Bookmark, BookmarkCheck, Clock, Download, Eye, Pencil, Play, Share2, Trash2 } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import { useCountEpisodeView } from '../api/count-view';
import { episodeLink, episodeMedia, episodePath, formatClock, formatEpisodeDate, formatViews, type PodcastEpisode } from '../podcast';
import { shareEpisode } from '../share-episode';
import { EpisodePlayer } from './episode-player';

interface EpisodeCardProps {
  episode: PodcastEpisode;
  view: 'grid' | 'list';
  saved: boolean;
  highlighted: boolean;
  onToggleSaved: (id: string) => void;
  /** Admins only: open the edit dialog or the delete confirmation for this episode. */
  onEdit?: (episode: PodcastEpisode) => void;
  onDelete?: (episode: PodcastEpisode) => void;
}

/** Spec §2 Episode card: media, title, description, date, views, tags; Watch/Listen Now, Share and Save. */
export function EpisodeCard({ episode, view, saved, highlighted, onToggleSaved, onEdit, onDelete }: EpisodeCardProps) {
  const titleId = useId();
  const mediaRef = useRef<HTMLMediaElement>(null);
  const countView = useCountEpisodeView();
  const [views, setViews] = useState<number | null>(null);
  const counted = useRef(false);
  const { kind, action } = episodeMedia(episode);

  function handlePlay() {
    // One request per card and page visit; the server decides whether it counts (once per visitor per 24 hours).
    if (counted.current) return;
    counted.current = true;
    countView.mutate(episode.id, { onSuccess: (result) => setViews(result.views) });
  }

  function share() {
    return shareEpisode({ title: episode.title, text: episode.description, url: episodeLink(window.location.origin, episode.episodeNumber) });
  }

  return (
    <article
      id={`episode-${episode.episodeNumber}`}
      aria-labelledby={titleId}
      data-testid="episode-card"
      className={clsx(
        'flex overflow-hidden rounded-xl border bg-white shadow-sm transition-shadow',
        view === 'list' ? 'flex-col md:flex-row' : 'flex-col',
        highlighted ? 'border-amber-400 ring-4 ring-amber-300' : 'border-indigo-100',
      )}
    >
      <div className={clsx('shrink-0 overflow-hidden', view === 'list' ? 'md:w-80' : 'w-full')}>
        <EpisodePlayer ref={mediaRef} episode={episode} onPlay={handlePlay} />
      </div>
      <div className="flex min-w-0 flex-1 flex-col gap-2 p-4">
        <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-xs font-semibold text-indigo-700">
          <span>Episode {episode.episodeNumber}</span>
          <span className="inline-flex items-center gap-1">
            <Clock className="size-3.5" aria-hidden />
            {formatClock(episode.duration)}
          </span>
        </p>
        <h3 id={titleId} className="text-lg leading-snug font-bold text-slate-900">
          <Link to={episodePath(episode)} className="hover:text-indigo-800 hover:underline focus-visible:underline">
            {episode.title}
          </Link>
        </h3>
        <p className="line-clamp-3 text-sm text-slate-600">{episode.description}</p>
        <p className="flex flex-wrap items-center gap-x-3 text-xs text-slate-500">
          <time dateTime={episode.createdAt}>{formatEpisodeDate(episode.createdAt)}</time>
          <span className="inline-flex items-center gap-1" data-testid="episode-views">
            <Eye className="size-3.5" aria-hidden />
            {formatViews(views ?? episode.views)}
          </span>
          {/* Only admins get downloads from the API. */}
          {episode.downloads !== undefined && (
            <span className="inline-flex items-center gap-1" data-testid="episode-downloads">
              <Download className="size-3.5" aria-hidden />
              {episode.downloads.toLocaleString('en-US')} {episode.downloads === 1 ? 'download' : 'downloads'}
            </span>
          )}
        </p>
        {episode.tags.length > 0 && (
          <ul className="flex flex-wrap gap-1.5" aria-label="Tags">
            {episode.tags.map((tag) => (
              <li key={tag} className="rounded-full bg-indigo-50 px-2.5 py-0.5 text-xs font-medium text-indigo-800">
                {tag}
              </li>
            ))}
          </ul>
        )}
        <div className="mt-auto flex flex-wrap gap-2 pt-2">
          <Button size="sm" disabled={kind === 'none'} onClick={() => void mediaRef.current?.play()}>
            <Play className="size-4" aria-hidden />
            {action}
          </Button>
          <Button size="sm" variant="outline" onClick={() => void share()}>
            <Share2 className="size-4" aria-hidden />
            Share
          </Button>
          <Button size="sm" variant="outline" aria-pressed={saved} onClick={() => onToggleSaved(episode.id)}>
            {saved ? <BookmarkCheck className="size-4" aria-hidden /> : <Bookmark className="size-4" aria-hidden />}
            {saved ? 'Saved' : 'Save'}
          </Button>
          {onEdit && (
            <Button size="sm" variant="outline" aria-label={`Edit episode ${episode.episodeNumber}`} onClick={() => onEdit(episode)}>
              <Pencil className="size-4" aria-hidden />
              Edit
            </Button>
          )}
          {onDelete && (
            <Button size="sm" variant="outline" aria-label={`Delete episode ${episode.episodeNumber}`} onClick={() => onDelete(episode)}>
              <Trash2 className="size-4" aria-hidden />
              Delete
            </Button>
          )}
        </div>
      </div>
    </article>
  );
}
