import { Mic } from 'lucide-react';
import { forwardRef } from 'react';
import { EPISODE_ART_SIZES, EPISODE_POSTER_WIDTH } from '@km/contracts/vocabulary';
import { renditionFor, srcSetOf } from '@/lib/image-renditions';
import { episodeMedia, mediaSources, type PodcastEpisode } from '../podcast';

interface EpisodePlayerProps {
  episode: PodcastEpisode;
  onPlay?: () => void;
  className?: string;
}

/** Spec §4 Episode card media: a video player with the thumbnail as poster, an audio player with the thumbnail, or "Media not available". */
export const EpisodePlayer = forwardRef<HTMLMediaElement, EpisodePlayerProps>(function EpisodePlayer({ episode, onPlay, className }, ref) {
  const { kind } = episodeMedia(episode);
  if (kind === 'video') {
    return (
      <video
        ref={ref as React.Ref<HTMLVideoElement>}
        controls
        preload="metadata"
        // A card is at most about 640 device pixels wide; the poster cannot choose by itself (no srcset on video).
        poster={episode.thumbnailUrl ? renditionFor(episode.thumbnails, EPISODE_POSTER_WIDTH, episode.thumbnailUrl) : undefined}
        onPlay={onPlay}
        className={className ?? 'aspect-video w-full bg-black'}
        aria-label={`Episode ${episode.episodeNumber}: ${episode.title}`}
      >
        {mediaSources(episode).map((source) => (
          <source key={source.src} src={source.src} type={source.type} />
        ))}
        Your browser cannot play this video.
      </video>
    );
  }
  if (kind === 'audio') {
    return (
      <div className={className ?? 'grid gap-3 bg-indigo-950 p-4'}>
        {episode.thumbnailUrl ? (
          <img
            src={episode.thumbnailUrl}
            srcSet={srcSetOf(episode.thumbnails)}
            sizes={EPISODE_ART_SIZES}
            width={224}
            height={224}
            loading="lazy"
            decoding="async"
            alt=""
            className="mx-auto aspect-square w-full max-w-56 rounded-lg object-cover"
          />
        ) : (
          <span className="mx-auto grid aspect-square w-full max-w-40 place-items-center rounded-lg bg-indigo-900 text-indigo-300">
            <Mic className="size-12" aria-hidden />
          </span>
        )}
        <audio
          ref={ref as React.Ref<HTMLAudioElement>}
          controls
          preload="metadata"
          onPlay={onPlay}
          className="w-full"
          aria-label={`Episode ${episode.episodeNumber}: ${episode.title}`}
        >
          {mediaSources(episode).map((source) => (
            <source key={source.src} src={source.src} type={source.type} />
          ))}
        </audio>
      </div>
    );
  }
  return <p className="grid aspect-video place-items-center bg-slate-100 text-sm text-slate-500">Media not available</p>;
});
