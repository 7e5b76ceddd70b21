import { Plus, Trash2 } from 'lucide-react';
import { useId } from 'react';
import { Button } from '@/components/ui/button';
import { inputClasses } from '@/components/ui/field';
import { FormField, fileInputClasses, textareaClasses } from '@/components/ui/form-field';
import { formatClock, MEDIA_ACCEPT, THUMBNAIL_ACCEPT, TRANSCRIPT_ACCEPT, transcriptFormatOf, type ChapterRow, type PodcastEpisode } from '../podcast';

/**
 * The text fields of an episode, shared by the upload form and the edit dialog (spec §5): empty to upload, filled
 * with the episode to edit. Read from the form's FormData by name.
 */
export function EpisodeTextFields({ episode }: { episode?: PodcastEpisode }) {
  return (
    <>
      <FormField label="Episode Title" required>
        {({ id }) => <input id={id} name="title" required maxLength={200} defaultValue={episode?.title} className={inputClasses} />}
      </FormField>
      <FormField label="Episode Number" required>
        {({ id }) => (
          <input id={id} name="episodeNumber" type="number" min={1} step={1} required defaultValue={episode?.episodeNumber} className={inputClasses} />
        )}
      </FormField>
      <FormField label="Description" required hint="Show notes: Markdown for headings, lists, bold, italic and links" className="md:col-span-2">
        {({ id, describedBy }) => (
          <textarea
            id={id}
            name="description"
            required
            rows={4}
            maxLength={5000}
            aria-describedby={describedBy}
            defaultValue={episode?.description}
            className={textareaClasses}
          />
        )}
      </FormField>
      <FormField
        label="Duration"
        hint={episode ? 'HH:MM:SS or MM:SS, e.g. 00:45:30' : 'HH:MM:SS or MM:SS, e.g. 00:45:30; leave empty to read it from the file'}
      >
        {({ id, describedBy }) => (
          <input
            id={id}
            name="duration"
            aria-describedby={describedBy}
            placeholder="00:45:30"
            pattern="^(\d{1,3}:)?[0-5]?\d:[0-5]\d$"
            defaultValue={episode ? formatClock(episode.duration) : undefined}
            className={inputClasses}
          />
        )}
      </FormField>
      <FormField label="Tags" hint="Separate tags with commas, e.g. faith, business, purpose">
        {({ id, describedBy }) => <input id={id} name="tags" aria-describedby={describedBy} defaultValue={episode?.tags.join(', ')} className={inputClasses} />}
      </FormField>
    </>
  );
}

/** Chapters (ADR 0046): a start time, a title and an optional link each, in order; rows are added and removed. */
export function ChaptersEditor({ rows, onChange }: { rows: ChapterRow[]; onChange: (rows: ChapterRow[]) => void }) {
  const legendId = useId();
  const change = (index: number, patch: Partial<ChapterRow>) => onChange(rows.map((row, i) => (i === index ? { ...row, ...patch } : row)));
  return (
    <fieldset aria-labelledby={legendId} className="grid gap-3 md:col-span-2">
      <legend id={legendId} className="text-sm font-medium text-slate-800">
        Chapters
      </legend>
      <p className="-mt-2 text-xs text-slate-500">
        Optional. Each starts after the one before (m:ss or h:mm:ss); a link is an https:// address or a path such as /products.
      </p>
      {rows.length > 0 && (
        <ol className="grid gap-3">
          {rows.map((row, i) => (
            <li key={i} className="grid gap-2 rounded-lg border border-indigo-100 bg-white p-3 sm:grid-cols-[7rem_1fr_1fr_auto] sm:items-end">
              <FormField label={`Chapter ${i + 1} start`}>
                {({ id }) => (
                  <input
                    id={id}
                    value={row.start}
                    inputMode="numeric"
                    placeholder="4:30"
                    onChange={(e) => change(i, { start: e.target.value })}
                    className={inputClasses}
                  />
                )}
              </FormField>
              <FormField label={`Chapter ${i + 1} title`}>
                {({ id }) => (
                  <input id={id} value={row.title} maxLength={200} onChange={(e) => change(i, { title: e.target.value })} className={inputClasses} />
                )}
              </FormField>
              <FormField label={`Chapter ${i + 1} link`}>
                {({ id }) => (
                  <input id={id} value={row.url} placeholder="https://…" onChange={(e) => change(i, { url: e.target.value })} className={inputClasses} />
                )}
              </FormField>
              <Button variant="ghost" size="icon" aria-label={`Remove chapter ${i + 1}`} onClick={() => onChange(rows.filter((_, j) => j !== i))}>
                <Trash2 className="size-4" aria-hidden />
              </Button>
            </li>
          ))}
        </ol>
      )}
      <Button variant="outline" size="sm" className="justify-self-start" onClick={() => onChange([...rows, { start: '', title: '', url: '' }])}>
        <Plus className="size-4" aria-hidden />
        Add chapter
      </Button>
    </fieldset>
  );
}

/** A WebVTT or SubRip transcript file (ADR 0046), read as text when the form is sent. */
export function TranscriptField({ current }: { current?: 'vtt' | 'srt' | null }) {
  const hint = current
    ? `This episode has a ${current === 'vtt' ? 'WebVTT' : 'SubRip'} transcript; a new file replaces it. WebVTT (.vtt) or SubRip (.srt)`
    : 'Optional. WebVTT (.vtt) or SubRip (.srt)';
  return (
    <FormField label="Transcript" hint={hint}>
      {({ id, describedBy }) => (
        <input id={id} name="transcript" type="file" accept={TRANSCRIPT_ACCEPT} aria-describedby={describedBy} className={fileInputClasses} />
      )}
    </FormField>
  );
}

/** The transcript the form holds, read as text with its format; null without one; a problem for another kind of file. */
export async function transcriptOf(data: FormData): Promise<{ format: 'vtt' | 'srt'; text: string } | null | { problem: string }> {
  const file = data.get('transcript');
  if (!(file instanceof File) || file.size === 0) return null;
  const format = transcriptFormatOf(file.name);
  if (!format) return { problem: 'The transcript must be a WebVTT (.vtt) or SubRip (.srt) file.' };
  return { format, text: await file.text() };
}

interface EpisodeFileFieldsProps {
  mediaType: 'video' | 'audio';
  onMediaTypeChange: (mediaType: 'video' | 'audio') => void;
  /** Editing: the files are optional, and what is left empty stays as it is. */
  replacing?: boolean;
}

/** The media type, the media file and the thumbnail, shared by the upload form and the edit dialog. */
export function EpisodeFileFields({ mediaType, onMediaTypeChange, replacing = false }: EpisodeFileFieldsProps) {
  const kinds = mediaType === 'video' ? 'MP4, MOV or WEBM' : 'MP3, WAV or M4A';
  return (
    <>
      <FormField label="Media Type" required>
        {({ id }) => (
          <select
            id={id}
            name="mediaType"
            required
            value={mediaType}
            onChange={(e) => onMediaTypeChange(e.target.value as 'video' | 'audio')}
            className={inputClasses}
          >
            <option value="video">Video</option>
            <option value="audio">Audio</option>
          </select>
        )}
      </FormField>
      <FormField
        label={`${replacing ? 'New ' : ''}${mediaType === 'video' ? 'Video File' : 'Audio File'}`}
        required={!replacing}
        hint={replacing ? `${kinds}; leave empty to keep the current file` : kinds}
      >
        {({ id, describedBy }) => (
          <input
            id={id}
            name="media"
            type="file"
            required={!replacing}
            accept={MEDIA_ACCEPT[mediaType]}
            aria-describedby={describedBy}
            className={fileInputClasses}
          />
        )}
      </FormField>
      <FormField
        label={replacing ? 'New Thumbnail' : 'Thumbnail'}
        hint={replacing ? 'JPG, PNG or WEBP; leave empty to keep the current one' : 'JPG, PNG or WEBP'}
      >
        {({ id, describedBy }) => (
          <input id={id} name="thumbnail" type="file" accept={THUMBNAIL_ACCEPT} aria-describedby={describedBy} className={fileInputClasses} />
        )}
      </FormField>
    </>
  );
}

/** The file the form holds under `name`, or null when none was chosen. */
export function chosenFile(data: FormData, name: string): File | null {
  const file = data.get(name);
  return file instanceof File && file.size > 0 ? file : null;
}
