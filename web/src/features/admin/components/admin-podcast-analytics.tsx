import type { PodcastAnalyticsReport } from '@km/contracts/media';
import { Download } from 'lucide-react';
import { useId, useMemo, useState } from 'react';
import { Button } from '@/components/ui/button';
import { inputClasses, TextField } from '@/components/ui/field';
import { ScrollTable } from '@/components/ui/scroll-table';
import { podcastAnalyticsCsvUrl, usePodcastAnalytics } from '../api/podcast-analytics';
import { chartSummary, lastDays, RANGE_PRESETS, readableDay, type AnalyticsRange, type RangePreset } from '../podcast-analytics';
import { AdminSection, cell, numericCell, QueryState } from './admin-list';
import { DailyChart, SERIES } from './daily-chart';

const n = (value: number) => value.toLocaleString('en-US');

/**
 * The dashboard's Analytics tab (ADR 0071): plays and downloads per UTC day as a chart with its numbers a button away,
 * the top listening apps, every episode's figures with its all-time counters, and the CSV of the range.
 */
export function AdminPodcastAnalytics() {
  const [preset, setPreset] = useState<RangePreset>('30');
  const [custom, setCustom] = useState(() => lastDays(30));
  const [episodeId, setEpisodeId] = useState('');
  const days = preset === 'custom' ? custom : lastDays(Number(preset));
  const range: AnalyticsRange = { ...days, episodeId: episodeId || undefined };
  const everyEpisode = usePodcastAnalytics(days);
  const report = usePodcastAnalytics(range);
  const ids = { range: useId(), episode: useId() };

  return (
    <AdminSection
      title="Podcast Analytics"
      description="Plays on this site and downloads counted the IAB way (a minute’s worth, once per listener a day), per UTC day."
      actions={
        <a
          href={podcastAnalyticsCsvUrl(range)}
          download
          className="inline-flex h-10 items-center gap-1 rounded-md border border-indigo-200 bg-white px-4 text-sm font-semibold text-indigo-900 hover:bg-indigo-50"
        >
          <Download className="size-4" aria-hidden /> Download CSV
        </a>
      }
    >
      <form aria-label="Analytics range" className="flex flex-wrap items-end gap-3" onSubmit={(event) => event.preventDefault()}>
        <div className="grid gap-1.5">
          <label htmlFor={ids.range} className="text-sm font-medium text-slate-800">
            Days (UTC)
          </label>
          <select id={ids.range} value={preset} onChange={(event) => setPreset(event.currentTarget.value as RangePreset)} className={`${inputClasses} w-44`}>
            {RANGE_PRESETS.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </select>
        </div>
        {preset === 'custom' && (
          <>
            <TextField
              label="From (UTC day)"
              type="date"
              required
              value={custom.from}
              onChange={(event) => setCustom({ ...custom, from: event.currentTarget.value })}
              className="w-44"
            />
            <TextField
              label="To (UTC day)"
              type="date"
              required
              value={custom.to}
              onChange={(event) => setCustom({ ...custom, to: event.currentTarget.value })}
              className="w-44"
            />
          </>
        )}
        <div className="grid min-w-0 gap-1.5">
          <label htmlFor={ids.episode} className="text-sm font-medium text-slate-800">
            Episode
          </label>
          <select
            id={ids.episode}
            value={episodeId}
            onChange={(event) => setEpisodeId(event.currentTarget.value)}
            className={`${inputClasses} w-72 max-w-full`}
          >
            <option value="">All episodes</option>
            {[...(everyEpisode.data?.episodes ?? [])]
              .sort((a, b) => b.episodeNumber - a.episodeNumber)
              .map((episode) => (
                <option key={episode.id} value={episode.id}>
                  {episode.episodeNumber}. {episode.title}
                </option>
              ))}
          </select>
        </div>
      </form>

      <QueryState query={report} what="analytics" empty="" isEmpty={() => false}>
        {(data) => <Report report={data} busy={report.isPlaceholderData} />}
      </QueryState>
    </AdminSection>
  );
}

function Report({ report, busy }: { report: PodcastAnalyticsReport; busy: boolean }) {
  const ids = { caption: useId(), summary: useId(), table: useId(), apps: useId(), episodes: useId() };
  const [showNumbers, setShowNumbers] = useState(false);
  const summary = useMemo(() => chartSummary(report.days), [report.days]);
  const topApp = Math.max(1, ...report.apps.map((app) => app.downloads), report.otherAppsDownloads);

  return (
    <div className="grid gap-8" aria-busy={busy}>
      <dl className="grid grid-cols-2 gap-3 sm:max-w-md">
        {[
          ['Plays', report.totals.plays],
          ['Downloads', report.totals.downloads],
        ].map(([label, value]) => (
          <div key={label} className="rounded-xl border border-indigo-100 bg-white p-4 shadow-sm">
            <dt className="text-sm font-semibold text-slate-700">{label}</dt>
            <dd className="mt-1 font-serif text-3xl font-bold text-indigo-950">{n(value as number)}</dd>
          </div>
        ))}
      </dl>
      {report.recordsSince && (
        <p className="text-sm text-slate-700">
          Daily records began on {readableDay(report.recordsSince)}: what was counted before then is in each episode’s all-time totals below, under “Before
          daily records”, and in no day.
        </p>
      )}

      <figure className="grid gap-3 rounded-xl border border-indigo-100 bg-white p-4 shadow-sm">
        <figcaption className="grid gap-1">
          <span id={ids.caption} className="font-semibold text-indigo-950">
            Plays and downloads per UTC day
          </span>
          <span id={ids.summary} className="text-sm text-slate-700">
            {summary}
          </span>
        </figcaption>
        <ul className="flex flex-wrap gap-4 text-sm text-slate-700" aria-label="Lines">
          {SERIES.map((series) => (
            <li key={series.label} className="flex items-center gap-2">
              <span aria-hidden className={`inline-block w-6 border-t-[3px] ${series.swatch}`} style={{ borderColor: series.colour }} />
              {series.label} ({series.dash ? 'dashed' : 'solid'} line)
            </li>
          ))}
        </ul>
        <DailyChart days={report.days} labelledBy={ids.caption} describedBy={ids.summary} />
        <div>
          <Button variant="outline" size="sm" aria-expanded={showNumbers} aria-controls={ids.table} onClick={() => setShowNumbers(!showNumbers)}>
            {showNumbers ? 'Hide the numbers' : 'Show the numbers'}
          </Button>
        </div>
        <div id={ids.table} hidden={!showNumbers}>
          {showNumbers && (
            <ScrollTable
              label="Plays and downloads per UTC day"
              look="inset"
              columns={[{ label: 'Day (UTC)' }, { label: 'Plays', numeric: true }, { label: 'Downloads', numeric: true }]}
            >
              {report.days.map((day) => (
                <tr key={day.day}>
                  <th scope="row" className="px-3 py-2 font-medium whitespace-nowrap">
                    {readableDay(day.day)}
                  </th>
                  <td className="px-3 py-2 text-right tabular-nums">{n(day.plays)}</td>
                  <td className="px-3 py-2 text-right tabular-nums">{n(day.downloads)}</td>
                </tr>
              ))}
            </ScrollTable>
          )}
        </div>
      </figure>

      <section aria-labelledby={ids.apps} className="grid gap-3">
        <h3 id={ids.apps} className="font-serif text-xl font-bold text-indigo-950">
          Top listening apps
        </h3>
        <p className="text-sm text-slate-600">Downloads in the range by the app that made them, named with the Open Podcast Analytics Working Group’s list.</p>
        {report.totals.downloads === 0 ? (
          <p className="text-slate-600">No downloads in this range.</p>
        ) : (
          <ScrollTable
            label="Downloads per listening app"
            columns={[{ label: 'App' }, { label: 'Downloads', numeric: true }, { label: 'Share', className: 'w-1/2' }]}
          >
            {[
              ...report.apps.map((app) => ({ name: app.name, kind: app.kind, downloads: app.downloads })),
              ...(report.otherAppsDownloads > 0 ? [{ name: 'Other apps', kind: null, downloads: report.otherAppsDownloads }] : []),
            ].map((app) => (
              <tr key={app.name}>
                <th scope="row" className={`${cell} font-medium`}>
                  {app.name}
                  {app.kind && app.kind !== 'app' && <span className="ml-1 text-slate-600">({app.kind})</span>}
                </th>
                <td className={numericCell}>{n(app.downloads)}</td>
                <td className={cell}>
                  <span className="sr-only">{Math.round((app.downloads / report.totals.downloads) * 100)}%</span>
                  <span aria-hidden className="block h-3 rounded-sm bg-amber-700" style={{ width: `${(app.downloads / topApp) * 100}%`, minWidth: '2px' }} />
                </td>
              </tr>
            ))}
          </ScrollTable>
        )}
      </section>

      <section aria-labelledby={ids.episodes} className="grid gap-3">
        <h3 id={ids.episodes} className="font-serif text-xl font-bold text-indigo-950">
          Per episode
        </h3>
        <ScrollTable
          label="Plays and downloads per episode"
          caption="Most downloads in the range first. All time = before daily records + every day recorded."
          minWidth="min-w-[44rem]"
          columns={[
            { label: 'Episode' },
            { label: 'Plays', numeric: true },
            { label: 'Downloads', numeric: true },
            { label: 'Before daily records', numeric: true },
            { label: 'All-time plays', numeric: true },
            { label: 'All-time downloads', numeric: true },
          ]}
        >
          {report.episodes.map((episode) => (
            <tr key={episode.id}>
              <th scope="row" className={`${cell} font-medium`}>
                {episode.episodeNumber}. {episode.title}
              </th>
              <td className={numericCell}>{n(episode.plays)}</td>
              <td className={numericCell}>{n(episode.downloads)}</td>
              <td className={numericCell}>
                {n(episode.playsBeforeRecords)} plays, {n(episode.downloadsBeforeRecords)} downloads
              </td>
              <td className={numericCell}>{n(episode.totalPlays)}</td>
              <td className={numericCell}>{n(episode.totalDownloads)}</td>
            </tr>
          ))}
        </ScrollTable>
      </section>
    </div>
  );
}
