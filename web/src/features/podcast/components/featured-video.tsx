import { Video } from 'lucide-react';
import { useFeaturedVideo } from '../api/get-episodes';
import { EpisodePlayer } from './episode-player';

/** The podcast page's featured video: a configured YouTube/Vimeo video, else the newest video episode in our own player. */
export function FeaturedVideo() {
  const { data, isPending } = useFeaturedVideo();
  const episode = data && 'episode' in data ? data.episode : null;
  const embedUrl = data && 'embedUrl' in data ? data.embedUrl : null;
  return (
    <section aria-labelledby="featured-video-heading" className="mx-auto max-w-4xl px-4 py-12 sm:px-6 lg:px-8">
      <h2 id="featured-video-heading" className="mb-6 text-center font-serif text-3xl font-bold text-indigo-950">
        Featured Episode
      </h2>
      {isPending ? (
        <div className="aspect-video w-full animate-pulse rounded-xl bg-slate-200" />
      ) : embedUrl ? (
        <div className="overflow-hidden rounded-xl shadow-lg">
          <iframe
            src={embedUrl}
            title="Featured video"
            className="aspect-video w-full bg-black"
            loading="lazy"
            allow="accelerometer; autoplay; clipboard-write; encrypted-media; gyroscope; picture-in-picture; fullscreen"
            referrerPolicy="strict-origin-when-cross-origin"
            allowFullScreen
          />
        </div>
      ) : episode ? (
        <figure className="overflow-hidden rounded-xl shadow-lg">
          <EpisodePlayer episode={episode} className="aspect-video w-full bg-black" />
          <figcaption className="bg-white p-4 text-sm text-slate-700">
            <span className="font-semibold text-indigo-900">Episode {episode.episodeNumber}:</span> {episode.title}
          </figcaption>
        </figure>
      ) : (
        <div className="flex aspect-video w-full flex-col items-center justify-center gap-3 rounded-xl bg-indigo-950 text-indigo-200">
          <Video className="size-10" aria-hidden />
          <p>The featured video appears here once a video episode is published.</p>
        </div>
      )}
    </section>
  );
}
