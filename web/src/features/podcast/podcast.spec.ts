import assert from 'node:assert/strict';
import { test } from 'node:test';
import { episodeLink, episodeMedia, formatClock, formatEpisodeDate, formatMinutesSeconds, formatViews, subscriptionFailureMessage } from './podcast';

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
