import assert from 'node:assert/strict';
import { classifyUserAgent } from './listening-apps';

describe('classifyUserAgent names the app with the OPAWG patterns (ADR 0071)', () => {
  test.each([
    ['Podcasts/1410.53 CFNetwork/1111 Darwin/19.0.0 (x86_64)', 'Apple Podcasts', 'app'],
    ['Spotify/8.7.10 iOS/15.3.1 (iPhone13,2)', 'Spotify', 'app'],
    ['Overcast/3.0 (+http://overcast.fm/; iOS podcast app)', 'Overcast', 'app'],
    ['de.danoeh.antennapod/1.7.3b (Linux;Android 8.0.0) ExoPlayerLib/2.9.3', 'AntennaPod', 'app'],
    ['Mediapartners-Google', 'Google Adsense Bot', 'bot'],
    ['Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Safari/537.36', 'Chrome', 'browser'],
  ])('%s is %s (%s)', (userAgent, name, kind) => {
    assert.deepEqual(classifyUserAgent(userAgent), { name, kind });
  });

  test('bots are looked for before apps: a crawler that names an app is a bot', () => {
    assert.equal(classifyUserAgent('Mediapartners-Google Spotify/8.7.10 iOS/15.3.1').kind, 'bot');
  });

  test('no user agent, an unknown one, or one whose only match lies past 512 characters is Unknown', () => {
    assert.deepEqual(classifyUserAgent(undefined), { name: 'Unknown', kind: 'unknown' });
    assert.deepEqual(classifyUserAgent(''), { name: 'Unknown', kind: 'unknown' });
    assert.deepEqual(classifyUserAgent('zz-no-such-agent/1.0'), { name: 'Unknown', kind: 'unknown' });
    assert.deepEqual(classifyUserAgent(`${'x'.repeat(600)} Overcast/3.0 (+http://overcast.fm/; iOS podcast app)`), { name: 'Unknown', kind: 'unknown' });
  });

  test('newlines are removed before matching, so one cannot split a name across lines', () => {
    assert.deepEqual(classifyUserAgent('Over\ncast/3.0 (+http://overcast.fm/; iOS podcast app)'), { name: 'Overcast', kind: 'app' });
  });
});
