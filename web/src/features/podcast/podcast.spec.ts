import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
  chapterRowsOf,
  chaptersFromRows,
  searchHitPath,
  searchQueryOf,
  transcriptFormatOf,
  episodeLink,
  episodeMedia,
  episodePath,
  episodeShareLink,
  parseEpisodePath,
  startTimeOf,
  formatClock,
  formatEpisodeDate,
  formatMinutesSeconds,
  formatViews,
  mediaSources,
  subscriptionFailureMessage,
} from './podcast';

test('home shows the duration as minutes:seconds with zero-padded seconds', () => {
  assert.deepEqual(
    [formatMinutesSeconds(2730), formatMinutesSeconds(65), formatMinutesSeconds(5), formatMinutesSeconds(3723)],
    ['45:30', '1:05', '0:05', '62:03'],
  );
});

test('the card shows the duration as HH:MM:SS, as it was uploaded', () => {
  assert.deepEqual([formatClock(2730), formatClock(3723), formatClock(0)], ['00:45:30', '01:02:03', '00:00:00']);
});

test('dates are US English long form and views have thousands separators', () => {
  assert.equal(formatEpisodeDate('2026-03-05T12:00:00.000Z'), 'March 5, 2026');
  assert.deepEqual([formatViews(1234567), formatViews(1), formatViews(0)], ['1,234,567 views', '1 view', '0 views']);
});

test('the media area and main button follow spec §4', () => {
  assert.deepEqual(episodeMedia({ videoUrl: '/media/episodes/a.mp4', mediaType: 'video' }), { kind: 'video', action: 'Watch Now' });
  assert.deepEqual(episodeMedia({ videoUrl: '/media/episodes/a.mp3', mediaType: 'audio' }), { kind: 'audio', action: 'Listen Now' });
  assert.deepEqual(episodeMedia({ videoUrl: '', mediaType: 'audio' }), { kind: 'none', action: 'Play' });
});

test('a shared link points at the podcast page and the episode number', () => {
  assert.equal(episodeLink('https://kingdom.example', 12), 'https://kingdom.example/podcast?episode=12');
});

test('the subscription toast is decided by the word "unique" in the error (spec §8)', () => {
  assert.equal(
    subscriptionFailureMessage(new Error('409: {"message":"… needs a unique email address."}')),
    "You're already subscribed with this email address",
  );
  assert.equal(subscriptionFailureMessage(new Error('503: unavailable')), 'There was an error processing your subscription');
});

test("an episode's page is /podcast/{number}-{slug of its title}, and its address reads back to the number", () => {
  assert.equal(episodePath({ episodeNumber: 12, title: 'Faith & Work: Pt. 2 — Café' }), '/podcast/12-faith-work-pt-2-cafe');
  assert.deepEqual(parseEpisodePath('/podcast/12-faith-work'), { episodeNumber: 12, slug: 'faith-work' });
  assert.deepEqual(parseEpisodePath('/podcast/12'), { episodeNumber: 12, slug: '' });
  assert.deepEqual([parseEpisodePath('/podcast/0-x'), parseEpisodePath('/podcast/x-12'), parseEpisodePath('/podcast/1/2')], [undefined, undefined, undefined]);
});

test('a shared link starts at ?t= in seconds or as a clock, and a share link carries the whole seconds', () => {
  assert.deepEqual(['?t=90', '?t=1:30', '?t=1:02:03', '?t=', '?t=abc', '?t=-5', ''].map(startTimeOf), [90, 90, 3723, null, null, null, null]);
  assert.equal(episodeShareLink('https://s.example', '/podcast/3-a', 90.7), 'https://s.example/podcast/3-a?t=90');
  assert.equal(episodeShareLink('https://s.example', '/podcast/3-a', null), 'https://s.example/podcast/3-a');
  assert.equal(episodeShareLink('https://s.example', '/podcast/3-a', 0), 'https://s.example/podcast/3-a');
});

test("each source of a player names a file of its own type: the upload, then the feed's rendition when it exists", () => {
  const webm = { videoUrl: '/media/episodes/a.webm', mediaContentType: 'video/webm' };
  assert.deepEqual(mediaSources({ ...webm, feedMedia: null }), [{ src: '/media/episodes/a.webm', type: 'video/webm' }]);
  assert.deepEqual(mediaSources({ ...webm, feedMedia: { url: '/media/episodes/a.mp4', size: 9, contentType: 'video/mp4' } }), [
    { src: '/media/episodes/a.webm', type: 'video/webm' },
    { src: '/media/episodes/a.mp4', type: 'video/mp4' },
  ]);
  const mp3 = { videoUrl: '/media/episodes/b.mp3', mediaContentType: 'audio/mpeg' };
  assert.deepEqual(mediaSources({ ...mp3, feedMedia: { url: '/media/episodes/b.mp3', size: 9, contentType: 'audio/mpeg' } }), [
    { src: '/media/episodes/b.mp3', type: 'audio/mpeg' },
  ]);
});

test('the search words come from ?q=, trimmed and cut to 200 characters; none is null', () => {
  assert.equal(searchQueryOf(new URLSearchParams('q=%20living%20water%20')), 'living water');
  assert.equal(searchQueryOf(new URLSearchParams('q=%20%20')), null);
  assert.equal(searchQueryOf(new URLSearchParams('')), null);
  assert.equal(searchQueryOf(new URLSearchParams(`q=${'a'.repeat(250)}`))?.length, 200);
});

test("a transcript hit opens the episode page at its line's second; another hit opens the page", () => {
  const hit = { episodeNumber: 7, title: 'Quiet Hour', line: { start: 125, parts: [] } };
  assert.equal(searchHitPath(hit), '/podcast/7-quiet-hour?t=125');
  assert.equal(searchHitPath({ ...hit, line: null }), '/podcast/7-quiet-hour');
});

test('chapter rows become chapters in seconds, and back; a bad row is named with what to do', () => {
  const rows = [
    { start: '0:00', title: ' Welcome ', url: '' },
    { start: '4:30', title: 'The story', url: '/products' },
    { start: '1:02:03', title: 'Close', url: 'https://example.org/x' },
  ];
  const chapters = [
    { startTime: 0, title: 'Welcome' },
    { startTime: 270, title: 'The story', url: '/products' },
    { startTime: 3723, title: 'Close', url: 'https://example.org/x' },
  ];
  assert.deepEqual(chaptersFromRows(rows), { chapters });
  assert.deepEqual(chapterRowsOf(chapters), [
    { start: '00:00', title: 'Welcome', url: '' },
    { start: '04:30', title: 'The story', url: '/products' },
    { start: '01:02:03', title: 'Close', url: 'https://example.org/x' },
  ]);
  assert.deepEqual(chaptersFromRows([{ start: '4.30', title: 'x', url: '' }]), { problem: 'Chapter 1: enter its start as m:ss or h:mm:ss, e.g. 4:30.' });
  assert.deepEqual(chaptersFromRows([{ start: '0:10', title: '  ', url: '' }]), { problem: 'Chapter 1: enter a title.' });
  assert.deepEqual(chaptersFromRows([{ start: '0:10', title: 'x', url: 'http://example.org' }]), {
    problem: 'Chapter 1: the link must start with https:// or be a path on this site such as /products.',
  });
  assert.deepEqual(chaptersFromRows([rows[1], rows[0]]), { problem: 'Chapter 2 must start after chapter 1.' });
  assert.deepEqual(chaptersFromRows([]), { chapters: [] });
});

test('a transcript file is WebVTT or SubRip by its name', () => {
  assert.deepEqual(['talk.vtt', 'TALK.SRT', 'talk.txt', 'vtt'].map(transcriptFormatOf), ['vtt', 'srt', null, null]);
});
