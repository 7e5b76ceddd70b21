import { useQuery } from '@tanstack/react-query';
import { Copy, Rss } from 'lucide-react';
import { useId } from 'react';
import { toast } from '@/components/toast/use-toast';
import { Button } from '@/components/ui/button';
import { inputClasses } from '@/components/ui/field';
import { podcastConfigQueryOptions } from '../api/get-episodes';
import { PODCAST_APP_LABELS } from '../podcast';

/** "Follow in your app" (ADR 0046): the RSS address to copy, and the show in each listening app the site is configured with. */
export function FollowInYourApp() {
  const headingId = useId();
  const feedId = useId();
  const { data: config } = useQuery(podcastConfigQueryOptions());
  if (!config) return null;

  async function copyFeed(url: string) {
    try {
      await navigator.clipboard.writeText(url);
      toast({ title: 'Link copied', description: 'The podcast feed address has been copied to clipboard.', variant: 'success' });
    } catch {
      toast({ title: 'Copy failed', description: 'Unable to copy the feed address.', variant: 'destructive' });
    }
  }

  return (
    <section aria-labelledby={headingId} className="mt-6 grid gap-3 border-t border-slate-200 pt-4">
      <h3 id={headingId} className="flex items-center gap-2 text-base font-bold text-slate-900">
        <Rss className="size-4 text-amber-700" aria-hidden />
        Follow in your app
      </h3>
      <div className="grid gap-1">
        <label htmlFor={feedId} className="text-sm font-medium text-slate-800">
          RSS feed address
        </label>
        <div className="flex gap-2">
          <input id={feedId} readOnly value={config.feedUrl} className={inputClasses} onFocus={(e) => e.currentTarget.select()} />
          <Button type="button" variant="outline" onClick={() => void copyFeed(config.feedUrl)}>
            <Copy className="size-4" aria-hidden />
            Copy
          </Button>
        </div>
      </div>
      {config.followLinks.length > 0 && (
        <ul className="flex flex-wrap gap-2" aria-label="Listening apps">
          {config.followLinks.map((link) => (
            <li key={link.app}>
              <a
                href={link.url}
                target="_blank"
                rel="noopener noreferrer"
                className="inline-flex min-h-11 items-center rounded-lg border border-indigo-200 px-3 text-sm font-medium text-indigo-800 hover:bg-indigo-50"
              >
                {PODCAST_APP_LABELS[link.app]}
              </a>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
