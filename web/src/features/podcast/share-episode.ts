import { toast } from '@/components/toast/use-toast';

/** Share (spec §4): the device's share sheet when it has one, else the link copied, each with its toast. */
export async function shareEpisode(share: { title: string; text?: string; url: string }) {
  if (navigator.share) {
    try {
      await navigator.share(share);
    } catch (error) {
      // Cancelling the share sheet is not a failure (spec §4).
      if ((error as Error).name !== 'AbortError') toast({ title: 'Share failed', description: 'Unable to share this episode.', variant: 'destructive' });
    }
    return;
  }
  try {
    await navigator.clipboard.writeText(share.url);
    toast({ title: 'Link copied', description: 'The episode link has been copied to clipboard.', variant: 'success' });
  } catch {
    toast({ title: 'Copy failed', description: 'Unable to copy the episode link.', variant: 'destructive' });
  }
}
