import { ExternalLink } from 'lucide-react';
import { clsx } from 'clsx';
import { useId } from 'react';
import { Link } from 'react-router-dom';
import { formatClock, type EpisodeChapter } from '../podcast';

interface ChapterListProps {
  chapters: EpisodeChapter[];
  /** Where playback is, whole seconds: the chapter it falls in is marked as the current one. */
  position: number;
  onJump: (startTime: number) => void;
}

/** An episode's chapters (ADR 0046): each jumps the player to its start; the one playing is marked. */
export function ChapterList({ chapters, position, onJump }: ChapterListProps) {
  const headingId = useId();
  const current = chapters.findLastIndex((chapter) => chapter.startTime <= position);
  return (
    <section aria-labelledby={headingId} className="grid gap-2">
      <h2 id={headingId} className="text-lg font-bold text-slate-900">
        Chapters
      </h2>
      <ol className="grid gap-1">
        {chapters.map((chapter, i) => (
          <li key={chapter.startTime} className="flex items-center gap-2">
            <button
              type="button"
              aria-current={i === current ? 'true' : undefined}
              onClick={() => onJump(chapter.startTime)}
              className={clsx(
                'flex min-h-11 flex-1 items-center gap-3 rounded-lg px-3 text-left text-sm',
                i === current ? 'bg-amber-100 font-semibold text-slate-900' : 'text-slate-700 hover:bg-indigo-50',
              )}
            >
              <span className="font-mono text-indigo-800 tabular-nums">{formatClock(chapter.startTime)}</span>
              <span>{chapter.title}</span>
            </button>
            {chapter.url &&
              (chapter.url.startsWith('/') ? (
                <Link to={chapter.url} className="inline-flex size-11 items-center justify-center rounded-lg text-indigo-800 hover:bg-indigo-50">
                  <ExternalLink className="size-4" aria-hidden />
                  <span className="sr-only">Open the link of {chapter.title}</span>
                </Link>
              ) : (
                <a
                  href={chapter.url}
                  target="_blank"
                  rel="noopener noreferrer nofollow"
                  className="inline-flex size-11 items-center justify-center rounded-lg text-indigo-800 hover:bg-indigo-50"
                >
                  <ExternalLink className="size-4" aria-hidden />
                  <span className="sr-only">Open the link of {chapter.title}</span>
                </a>
              ))}
          </li>
        ))}
      </ol>
    </section>
  );
}
