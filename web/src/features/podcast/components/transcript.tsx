import { useQuery } from '@tanstack/react-query';
import { clsx } from 'clsx';
import { useId } from 'react';
import { Spinner } from '@/components/ui/spinner';
import { transcriptQueryOptions } from '../api/get-transcript';
import { formatClock } from '../podcast';

interface TranscriptProps {
  episodeId: string;
  /** Where playback is, in seconds: the line being said is marked. */
  position: number;
  onSeek: (seconds: number) => void;
}

/** An episode's transcript (ADR 0046): every line, the one being played marked, a click on a line seeks there. */
export function Transcript({ episodeId, position, onSeek }: TranscriptProps) {
  const headingId = useId();
  const { data: segments, isPending, isError } = useQuery(transcriptQueryOptions(episodeId));
  const current = segments?.findLastIndex((s) => s.startTime <= position && position < s.endTime) ?? -1;
  return (
    <section aria-labelledby={headingId} className="grid gap-2">
      <h2 id={headingId} className="text-lg font-bold text-slate-900">
        Transcript
      </h2>
      {segments ? (
        <ol className="grid max-h-96 gap-0.5 overflow-y-auto rounded-lg border border-slate-200 p-1" data-testid="transcript">
          {segments.map((segment, i) => (
            <li key={`${segment.startTime}-${i}`}>
              <button
                type="button"
                aria-current={i === current ? 'true' : undefined}
                onClick={() => onSeek(segment.startTime)}
                className={clsx(
                  'flex w-full gap-3 rounded-md px-2 py-1.5 text-left text-sm',
                  i === current ? 'bg-amber-100 text-slate-900' : 'text-slate-700 hover:bg-indigo-50',
                )}
              >
                <span className="shrink-0 font-mono text-xs leading-5 text-indigo-800 tabular-nums">{formatClock(Math.floor(segment.startTime))}</span>
                <span>{segment.body}</span>
              </button>
            </li>
          ))}
        </ol>
      ) : isPending ? (
        <Spinner label="Loading the transcript" />
      ) : (
        isError && <p className="text-sm text-red-800">The transcript could not be loaded. Reload the page to try again.</p>
      )}
    </section>
  );
}
