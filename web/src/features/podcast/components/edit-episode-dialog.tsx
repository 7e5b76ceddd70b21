import { Pencil } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { toast } from '@/components/toast/use-toast';
import { Button } from '@/components/ui/button';
import { DialogFrame, DialogHeading } from '@/components/ui/dialog-frame';
import { serverMessage } from '@/lib/api-client';
import { useReplaceEpisodeFiles } from '../api/replace-episode-files';
import { useSetTranscript } from '../api/set-transcript';
import { useUpdateEpisode } from '../api/update-episode';
import { ProgressBar } from '@/components/ui/progress-bar';
import { chapterRowsOf, chaptersFromRows, mediaFileProblem, thumbnailProblem, type ChapterRow, type PodcastEpisode } from '../podcast';
import { ChaptersEditor, chosenFile, EpisodeFileFields, EpisodeTextFields, TranscriptField, transcriptOf } from './episode-fields';

interface EditEpisodeDialogProps {
  /** The episode being edited; null closes the dialog. */
  episode: PodcastEpisode | null;
  onClose: () => void;
}

/**
 * An admin edits every field of an episode with the upload form's own fields: its details, chapters and transcript
 * (ADR 0046), and a new media file or thumbnail (ADR 0054).
 */
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
  const replaceFiles = useReplaceEpisodeFiles();
  const [mediaType, setMediaType] = useState(episode.mediaType);
  const [progress, setProgress] = useState(0);
  const [chapterRows, setChapterRows] = useState<ChapterRow[]>(() => chapterRowsOf(episode.chapters));
  const [problem, setProblem] = useState<string | null>(null);
  const busy = update.isPending || setTranscript.isPending || replaceFiles.isPending;

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const text = (name: string) => String(data.get(name) ?? '').trim();
    const chapters = chaptersFromRows(chapterRows);
    const transcript = await transcriptOf(data);
    const media = chosenFile(data, 'media');
    const thumbnail = chosenFile(data, 'thumbnail');
    const localProblem =
      ('problem' in chapters ? chapters.problem : null) ??
      (transcript && 'problem' in transcript ? transcript.problem : null) ??
      (media ? mediaFileProblem(media) : null) ??
      (thumbnail ? thumbnailProblem(thumbnail) : null) ??
      (mediaType !== episode.mediaType && !media ? `Choose the new ${mediaType} file to make this a ${mediaType} episode.` : null);
    if (localProblem || 'problem' in chapters || (transcript && 'problem' in transcript)) {
      setProblem(localProblem);
      return;
    }
    setProblem(null);
    setProgress(0);
    try {
      const edit = {
        title: text('title'),
        episodeNumber: text('episodeNumber'),
        description: text('description'),
        tags: text('tags'),
        chapters: chapters.chapters,
        ...(text('duration') ? { duration: text('duration') } : {}),
      };
      // The files first: new media may change the duration the chapters are checked against.
      if (media || thumbnail) await replaceFiles.mutateAsync({ id: episode.id, input: { mediaType, media, thumbnail }, onProgress: setProgress });
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
        description="Change any of its details, files, chapters or transcript; what you leave as it is stays."
      />
      <form onSubmit={(e) => void handleSubmit(e)} className="grid gap-4 md:grid-cols-2" aria-label={`Edit Episode ${episode.episodeNumber}`}>
        <EpisodeTextFields episode={episode} />
        <EpisodeFileFields mediaType={mediaType} onMediaTypeChange={setMediaType} replacing />
        <TranscriptField current={episode.transcript} />
        <ChaptersEditor rows={chapterRows} onChange={setChapterRows} />
        {replaceFiles.isPending && (
          <div className="md:col-span-2">
            <ProgressBar value={progress} label="Uploading the new files" />
          </div>
        )}
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
