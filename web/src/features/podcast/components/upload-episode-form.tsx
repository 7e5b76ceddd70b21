import { Upload } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { toast } from '@/components/toast/use-toast';
import { Button } from '@/components/ui/button';
import { ProgressBar } from '@/components/ui/progress-bar';
import { serverMessage } from '@/lib/api-client';
import { useSetTranscript } from '../api/set-transcript';
import { useUpdateEpisode } from '../api/update-episode';
import { useUploadEpisode } from '../api/upload-episode';
import { chaptersFromRows, mediaFileProblem, thumbnailProblem, type ChapterRow } from '../podcast';
import { ChaptersEditor, chosenFile, EpisodeFileFields, EpisodeTextFields, TranscriptField, transcriptOf } from './episode-fields';

/** Admin-only (spec §2, §5): every field of an episode, the media streamed with a progress bar; then its chapters and transcript. */
export function UploadEpisodeForm({ onUploaded }: { onUploaded?: () => void }) {
  const headingId = useId();
  const upload = useUploadEpisode();
  const update = useUpdateEpisode();
  const setTranscript = useSetTranscript();
  const [progress, setProgress] = useState(0);
  const [mediaType, setMediaType] = useState<'video' | 'audio'>('video');
  const [chapterRows, setChapterRows] = useState<ChapterRow[]>([]);
  const [problem, setProblem] = useState<string | null>(null);
  const [formVersion, setFormVersion] = useState(0);
  const busy = upload.isPending || update.isPending || setTranscript.isPending;

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const text = (name: string) => String(data.get(name) ?? '');
    const mediaFile = chosenFile(data, 'media');
    const thumbnailFile = chosenFile(data, 'thumbnail');
    const chapters = chaptersFromRows(chapterRows);
    const transcript = await transcriptOf(data);
    const localProblem = !mediaFile
      ? 'Choose the media file.'
      : (mediaFileProblem(mediaFile) ??
        (thumbnailFile ? thumbnailProblem(thumbnailFile) : null) ??
        ('problem' in chapters ? chapters.problem : null) ??
        (transcript && 'problem' in transcript ? transcript.problem : null));
    if (localProblem || !mediaFile || 'problem' in chapters || (transcript && 'problem' in transcript)) {
      setProblem(localProblem);
      toast({ title: 'Upload failed', description: 'There was an error uploading your episode.', variant: 'destructive' });
      return;
    }
    setProblem(null);
    setProgress(0);
    try {
      const episode = await upload.mutateAsync({
        input: {
          title: text('title'),
          episodeNumber: text('episodeNumber'),
          description: text('description'),
          mediaType,
          tags: text('tags'),
          duration: text('duration'),
          media: mediaFile,
          thumbnail: thumbnailFile,
        },
        onProgress: setProgress,
      });
      toast({ title: 'Episode uploaded successfully', description: `Episode ${episode.episodeNumber}: ${episode.title} is live.`, variant: 'success' });
      try {
        if (chapters.chapters.length > 0) await update.mutateAsync({ id: episode.id, edit: { chapters: chapters.chapters } });
        if (transcript) await setTranscript.mutateAsync({ id: episode.id, ...transcript });
      } catch (error) {
        // The episode is live; what failed after it can be fixed with Edit.
        setProblem(
          `The episode was uploaded, but ${serverMessage(error) ?? 'its chapters or transcript could not be saved'}. Use Edit on the episode to fix it.`,
        );
        return;
      }
      setChapterRows([]);
      setFormVersion((v) => v + 1);
      onUploaded?.();
    } catch (error) {
      setProblem(serverMessage(error) ?? null);
      toast({ title: 'Upload failed', description: 'There was an error uploading your episode.', variant: 'destructive' });
    }
  }

  return (
    <section aria-labelledby={headingId} className="rounded-xl border border-amber-200 bg-amber-50/60 p-5 shadow-sm sm:p-6">
      <h2 id={headingId} className="font-serif text-2xl font-bold text-indigo-950">
        Upload New Episode
      </h2>
      <p className="mb-5 text-sm text-slate-600">
        Media up to 500 MB: video MP4, MOV or WEBM (720p or 1080p recommended), audio MP3, WAV or M4A (128 kbps recommended). Thumbnail up to 10 MB: JPG, PNG or
        WEBP (400x400 recommended).
      </p>
      <form key={formVersion} onSubmit={(e) => void handleSubmit(e)} aria-labelledby={headingId} className="grid gap-4 md:grid-cols-2">
        <EpisodeTextFields />
        <EpisodeFileFields mediaType={mediaType} onMediaTypeChange={setMediaType} />
        <TranscriptField />
        <ChaptersEditor rows={chapterRows} onChange={setChapterRows} />
        <div className="grid gap-3 md:col-span-2">
          {upload.isPending && <ProgressBar value={progress} label="Uploading episode" />}
          {problem && (
            <p role="alert" className="text-sm font-medium text-red-700">
              {problem}
            </p>
          )}
          <Button type="submit" disabled={busy} className="justify-self-start">
            <Upload className="size-4" aria-hidden />
            {busy ? 'Uploading...' : 'Upload Episode'}
          </Button>
        </div>
      </form>
    </section>
  );
}
