import { Upload } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { toast } from '@/components/toast/use-toast';
import { Button } from '@/components/ui/button';
import { inputClasses } from '@/components/ui/field';
import { FormField, fileInputClasses, textareaClasses } from '@/components/ui/form-field';
import { ProgressBar } from '@/components/ui/progress-bar';
import { serverMessage } from '@/lib/api-client';
import { useUploadEpisode } from '../api/upload-episode';
import { MEDIA_ACCEPT, mediaFileProblem, THUMBNAIL_ACCEPT, thumbnailProblem } from '../podcast';

/** Admin-only (spec §2, §5): every field of an episode, the media streamed with a progress bar. */
export function UploadEpisodeForm({ onUploaded }: { onUploaded?: () => void }) {
  const headingId = useId();
  const upload = useUploadEpisode();
  const [progress, setProgress] = useState(0);
  const [mediaType, setMediaType] = useState<'video' | 'audio'>('video');
  const [problem, setProblem] = useState<string | null>(null);
  const [formVersion, setFormVersion] = useState(0);

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const text = (name: string) => String(data.get(name) ?? '');
    const media = data.get('media');
    const thumbnail = data.get('thumbnail');
    const mediaFile = media instanceof File && media.size > 0 ? media : null;
    const thumbnailFile = thumbnail instanceof File && thumbnail.size > 0 ? thumbnail : null;
    const localProblem = !mediaFile ? 'Choose the media file.' : (mediaFileProblem(mediaFile) ?? (thumbnailFile ? thumbnailProblem(thumbnailFile) : null));
    if (localProblem || !mediaFile) {
      setProblem(localProblem);
      toast({ title: 'Upload failed', description: 'There was an error uploading your episode.', variant: 'destructive' });
      return;
    }
    setProblem(null);
    setProgress(0);
    upload.mutate(
      {
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
      },
      {
        onSuccess: (episode) => {
          toast({ title: 'Episode uploaded successfully', description: `Episode ${episode.episodeNumber}: ${episode.title} is live.`, variant: 'success' });
          setFormVersion((v) => v + 1);
          onUploaded?.();
        },
        onError: (error) => {
          setProblem(serverMessage(error) ?? null);
          toast({ title: 'Upload failed', description: 'There was an error uploading your episode.', variant: 'destructive' });
        },
      },
    );
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
      <form key={formVersion} onSubmit={handleSubmit} aria-labelledby={headingId} className="grid gap-4 md:grid-cols-2">
        <FormField label="Episode Title" required>
          {({ id }) => <input id={id} name="title" required maxLength={200} className={inputClasses} />}
        </FormField>
        <FormField label="Episode Number" required>
          {({ id }) => <input id={id} name="episodeNumber" type="number" min={1} step={1} required className={inputClasses} />}
        </FormField>
        <FormField label="Description" required className="md:col-span-2">
          {({ id }) => <textarea id={id} name="description" required rows={4} maxLength={5000} className={textareaClasses} />}
        </FormField>
        <FormField label="Media Type" required>
          {({ id }) => (
            <select
              id={id}
              name="mediaType"
              required
              value={mediaType}
              onChange={(e) => setMediaType(e.target.value as 'video' | 'audio')}
              className={inputClasses}
            >
              <option value="video">Video</option>
              <option value="audio">Audio</option>
            </select>
          )}
        </FormField>
        <FormField label="Duration" hint="HH:MM:SS or MM:SS, e.g. 00:45:30; leave empty to read it from the file">
          {({ id, describedBy }) => (
            <input
              id={id}
              name="duration"
              aria-describedby={describedBy}
              placeholder="00:45:30"
              pattern="^(\d{1,3}:)?[0-5]?\d:[0-5]\d$"
              className={inputClasses}
            />
          )}
        </FormField>
        <FormField label={mediaType === 'video' ? 'Video File' : 'Audio File'} required hint={mediaType === 'video' ? 'MP4, MOV or WEBM' : 'MP3, WAV or M4A'}>
          {({ id, describedBy }) => (
            <input id={id} name="media" type="file" required accept={MEDIA_ACCEPT[mediaType]} aria-describedby={describedBy} className={fileInputClasses} />
          )}
        </FormField>
        <FormField label="Thumbnail" hint="JPG, PNG or WEBP">
          {({ id, describedBy }) => (
            <input id={id} name="thumbnail" type="file" accept={THUMBNAIL_ACCEPT} aria-describedby={describedBy} className={fileInputClasses} />
          )}
        </FormField>
        <FormField label="Tags" hint="Separate tags with commas, e.g. faith, business, purpose" className="md:col-span-2">
          {({ id, describedBy }) => <input id={id} name="tags" aria-describedby={describedBy} className={inputClasses} />}
        </FormField>
        <div className="grid gap-3 md:col-span-2">
          {upload.isPending && <ProgressBar value={progress} label="Uploading episode" />}
          {problem && (
            <p role="alert" className="text-sm font-medium text-red-700">
              {problem}
            </p>
          )}
          <Button type="submit" disabled={upload.isPending} className="justify-self-start">
            <Upload className="size-4" aria-hidden />
            {upload.isPending ? 'Uploading...' : 'Upload Episode'}
          </Button>
        </div>
      </form>
    </section>
  );
}
