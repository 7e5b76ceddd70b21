import { toast } from '@/components/toast/use-toast';
import { ConfirmDeleteDialog } from '@/components/ui/confirm-delete-dialog';
import { serverMessage } from '@/lib/api-client';
import { useDeleteEpisode } from '../api/delete-episode';
import type { PodcastEpisode } from '../podcast';

interface DeleteEpisodeDialogProps {
  /** The episode awaiting confirmation; null closes the dialog. */
  episode: PodcastEpisode | null;
  onClose: () => void;
}

/** The confirm step before an admin deletes an episode with its media, thumbnail and transcript. */
export function DeleteEpisodeDialog({ episode, onClose }: DeleteEpisodeDialogProps) {
  const remove = useDeleteEpisode();

  function handleConfirm() {
    if (!episode) return;
    remove.mutate(episode.id, {
      onSuccess: () => {
        toast({ title: 'Episode deleted', description: `Episode ${episode.episodeNumber}: ${episode.title} is gone.`, variant: 'success' });
        onClose();
      },
      onError: (error) => {
        toast({ title: 'The episode could not be deleted', description: serverMessage(error) ?? 'Please try again in a moment.', variant: 'destructive' });
        onClose();
      },
    });
  }

  return (
    <ConfirmDeleteDialog
      open={episode !== null}
      title={`Delete Episode ${episode?.episodeNumber}?`}
      description={`“${episode?.title}” will be removed with its media, thumbnail, chapters and transcript, from the site and the feed. This cannot be undone.`}
      confirmLabel="Delete Episode"
      pending={remove.isPending}
      onConfirm={handleConfirm}
      onClose={onClose}
    />
  );
}
