import { Clock, Mic } from 'lucide-react';
import { Link } from 'react-router-dom';
import { buttonClasses } from '@/components/ui/button';
import { srcSetOf } from '@/lib/image-renditions';
import { useLatestEpisode } from '../api/get-episodes';
import { formatMinutesSeconds } from '../podcast';

/** Home's Latest Podcast column (spec §2): the first episode returned, or a way to the podcast page. */
export function LatestPodcast() {
  const { data: episode, isPending } = useLatestEpisode();
  return (
    <div className="flex flex-col gap-6">
      <h3 className="font-serif text-2xl font-bold text-indigo-950">Latest Podcast</h3>
      {isPending ? (
        <p className="text-slate-600">Loading latest episode...</p>
      ) : episode ? (
        <article className="overflow-hidden rounded-xl border border-indigo-100 bg-white shadow-sm" data-testid="latest-episode">
          <div className="relative aspect-video bg-indigo-950">
            {episode.thumbnailUrl ? (
              <img
                src={episode.thumbnailUrl}
                srcSet={srcSetOf(episode.thumbnails)}
                sizes="(min-width: 1152px) 528px, (min-width: 768px) 46vw, 100vw"
                width={640}
                height={360}
                loading="lazy"
                decoding="async"
                alt=""
                className="size-full object-cover"
              />
            ) : (
              <span className="grid size-full place-items-center text-indigo-300">
                <Mic className="size-14" aria-hidden />
              </span>
            )}
            <span className="absolute top-3 left-3 rounded-full bg-amber-400 px-3 py-0.5 text-xs font-bold text-indigo-950">Latest</span>
          </div>
          <div className="grid gap-2 p-5">
            <h4 className="text-lg font-bold text-slate-900">{episode.title}</h4>
            <p className="line-clamp-2 text-slate-600">{episode.description}</p>
            <p className="inline-flex items-center gap-1 text-sm text-slate-500">
              <Clock className="size-4" aria-hidden />
              {formatMinutesSeconds(episode.duration)}
            </p>
            <Link to="/podcast" className={buttonClasses('primary', 'md', 'mt-2 justify-self-start')}>
              Listen Now
            </Link>
          </div>
        </article>
      ) : (
        <>
          <div className="flex flex-col items-center gap-3 rounded-xl border border-dashed border-indigo-200 p-10 text-center text-slate-600">
            <Mic className="size-10 text-indigo-300" aria-hidden />
            <p>No episodes to show yet. Visit the podcast page to listen and subscribe.</p>
          </div>
          <Link to="/podcast" className={buttonClasses('outline', 'md', 'self-start')}>
            View Podcast Page
          </Link>
        </>
      )}
    </div>
  );
}
