import { useParams } from 'react-router-dom';
import { EpisodePage } from '@/features/podcast/components/episode-page';
import { parseEpisodePath } from '@/features/podcast/podcast';
import { NotFoundPage } from './not-found';

/** `/podcast/{n}-{slug}`: an episode's own page (ADR 0045). */
export function PodcastEpisodePage() {
  const { episode = '' } = useParams();
  const address = parseEpisodePath(`/podcast/${episode}`);
  if (!address) return <NotFoundPage />;
  return <EpisodePage key={address.episodeNumber} episodeNumber={address.episodeNumber} notFound={<NotFoundPage />} />;
}
