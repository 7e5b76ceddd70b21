import * as Dialog from '@radix-ui/react-dialog';
import { TriangleAlert } from 'lucide-react';
import { toast } from '@/components/toast/use-toast';
import { Button } from '@/components/ui/button';
import { DialogFrame } from '@/components/ui/dialog-frame';
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
    <DialogFrame open={episode !== null} onOpenChange={(open) => !open && !remove.isPending && onClose()} role="alertdialog" className="max-w-md">
      <div className="flex gap-4">
        <span className="grid size-10 shrink-0 place-items-center rounded-full bg-red-100 text-red-700">
          <TriangleAlert className="size-5" aria-hidden />
        </span>
        <div className="grid gap-2">
          <Dialog.Title className="text-lg font-bold text-slate-900">Delete Episode {episode?.episodeNumber}?</Dialog.Title>
          <Dialog.Description className="text-sm text-slate-600">
            “{episode?.title}” will be removed with its media, thumbnail, chapters and transcript, from the site and the feed. This cannot be undone.
          </Dialog.Description>
        </div>
      </div>
      <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <Dialog.Close asChild>
          <Button variant="outline" disabled={remove.isPending}>
            Cancel
          </Button>
        </Dialog.Close>
        <Button variant="destructive" onClick={handleConfirm} disabled={remove.isPending}>
          {remove.isPending ? 'Deleting...' : 'Delete Episode'}
        </Button>
      </div>
    </DialogFrame>
  );
}
