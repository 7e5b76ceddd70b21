import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
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
