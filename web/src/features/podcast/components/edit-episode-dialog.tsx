import { Pencil } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { toast } from '@/components/toast/use-toast';
import { Button } from '@/components/ui/button';
import { DialogFrame, DialogHeading } from '@/components/ui/dialog-frame';
import { serverMessage } from '@/lib/api-client';
import { useSetTranscript } from '../api/set-transcript';
import { useUpdateEpisode } from '../api/update-episode';
import { chapterRowsOf, chaptersFromRows, type ChapterRow, type PodcastEpisode } from '../podcast';
import { ChaptersEditor, EpisodeTextFields, TranscriptField, transcriptOf } from './episode-fields';

interface EditEpisodeDialogProps {
  /** The episode being edited; null closes the dialog. */
  episode: PodcastEpisode | null;
  onClose: () => void;
}

/** An admin edits an episode's fields, chapters and transcript (ADR 0046) with the upload form's own fields. */
export function EditEpisodeDialog({ episode, onClose }: EditEpisodeDialogProps) {
  return (
    <DialogFrame open={episode !== null} onOpenChange={(open) => !open && onClose()} className="max-w-3xl">
      {episode && <EditEpisodeForm key={episode.id} episode={episode} onClose={onClose} />}
    </DialogFrame>
  );
}

function EditEpisodeForm({ episode, onClose }: { episode: PodcastEpisode; onClose: () => void }) {
  const update = useUpdateEpisode();
  const setTranscript = useSetTranscript();
  const [chapterRows, setChapterRows] = useState<ChapterRow[]>(() => chapterRowsOf(episode.chapters));
  const [problem, setProblem] = useState<string | null>(null);
  const busy = update.isPending || setTranscript.isPending;

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const text = (name: string) => String(data.get(name) ?? '').trim();
    const chapters = chaptersFromRows(chapterRows);
    if ('problem' in chapters) return setProblem(chapters.problem);
    const transcript = await transcriptOf(data);
    if (transcript && 'problem' in transcript) return setProblem(transcript.problem);
    setProblem(null);
    try {
      const edit = {
        title: text('title'),
        episodeNumber: text('episodeNumber'),
        description: text('description'),
        tags: text('tags'),
        chapters: chapters.chapters,
        ...(text('duration') ? { duration: text('duration') } : {}),
      };
      await update.mutateAsync({ id: episode.id, edit });
      if (transcript) await setTranscript.mutateAsync({ id: episode.id, ...transcript });
      toast({ title: 'Episode updated', description: `Episode ${edit.episodeNumber}: ${edit.title} is saved.`, variant: 'success' });
      onClose();
    } catch (error) {
      setProblem(serverMessage(error) ?? 'The episode could not be saved. Please try again in a moment.');
    }
  }

  return (
    <>
      <DialogHeading
        icon={<Pencil className="size-5" aria-hidden />}
        iconClassName="bg-amber-100 text-amber-800"
        title={`Edit Episode ${episode.episodeNumber}`}
        description="Change its details, chapters or transcript. Its media and thumbnail stay as they are."
      />
      <form onSubmit={(e) => void handleSubmit(e)} className="grid gap-4 md:grid-cols-2" aria-label={`Edit Episode ${episode.episodeNumber}`}>
        <EpisodeTextFields episode={episode} />
        <TranscriptField current={episode.transcript} />
        <ChaptersEditor rows={chapterRows} onChange={setChapterRows} />
        {problem && (
          <p role="alert" className="text-sm font-medium text-red-700 md:col-span-2">
            {problem}
          </p>
        )}
        <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end md:col-span-2">
          <Button variant="outline" onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" disabled={busy}>
            {busy ? 'Saving...' : 'Save Changes'}
          </Button>
        </div>
      </form>
    </>
  );
}
