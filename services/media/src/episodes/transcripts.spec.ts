import assert from 'node:assert/strict';
import { parseTranscript, toSrt, toVtt, TranscriptProblem, TRANSCRIPT_MAX_CUES } from '@km/contracts/media';

const problem = (line: number, reason: string) => (error: unknown) => error instanceof TranscriptProblem && error.message === `line ${line}: ${reason}`;

describe('a transcript file', () => {
  test('WebVTT: header, notes and styles skipped, identifiers, optional hours, settings, speaker tags and entities read', () => {
    const vtt = [
      '\uFEFFWEBVTT - Episode 3',
      'Kind: captions',
      '',
      'NOTE made by hand',
      '',
      'intro',
      '00:00.000 --> 00:02.500 align:start',
      '<v Anna>Welcome &amp; hello</v>',
      '',
      '01:00:01.250 --> 01:00:03.000',
      'Two',
      'lines',
      '',
    ].join('\r\n');
    assert.deepEqual(parseTranscript(vtt, 'vtt'), [
      { start: 0, end: 2.5, text: 'Welcome & hello' },
      { start: 3601.25, end: 3603, text: 'Two lines' },
    ]);
  });

  test('SubRip: numbered cues with comma milliseconds and italics', () => {
    const srt = '1\n00:00:01,000 --> 00:00:04,000\n<i>Hello</i> there\n\n2\n00:00:05,000 --> 00:00:06,500\nBye\n';
    assert.deepEqual(parseTranscript(srt, 'srt'), [
      { start: 1, end: 4, text: 'Hello there' },
      { start: 5, end: 6.5, text: 'Bye' },
    ]);
  });

  test('a malformed file is refused naming its line', () => {
    assert.throws(() => parseTranscript('00:00.000 --> 00:01.000\nHi', 'vtt'), problem(1, 'a WebVTT file starts with the line WEBVTT'));
    assert.throws(
      () => parseTranscript('WEBVTT\n\n00:00,000 --> 00:01,000\nHi', 'vtt'),
      problem(3, 'expected a cue timing like 00:01:02.000 --> 00:01:05.500'),
    );
    assert.throws(() => parseTranscript('WEBVTT\n\n00:05.000 --> 00:01.000\nHi', 'vtt'), problem(3, 'the cue ends before it starts'));
    assert.throws(
      () => parseTranscript('WEBVTT\n\n00:05.000 --> 00:06.000\nB\n\n00:01.000 --> 00:02.000\nA', 'vtt'),
      problem(6, 'cues must be in order of their start times'),
    );
    assert.throws(() => parseTranscript('WEBVTT\n\n00:05.000 --> 00:06.000\n<b></b>', 'vtt'), problem(3, 'the cue has no text'));
    assert.throws(() => parseTranscript('WEBVTT\n', 'vtt'), problem(2, 'the file has no cues'));
    assert.throws(
      () => parseTranscript('one\n00:00:01,000 --> 00:00:02,000\nHi', 'srt'),
      problem(1, "expected the cue's number, or its timing like 00:01:02,000 --> 00:01:05,500"),
    );
    assert.throws(() => parseTranscript('1\n00:00:01.000 --> 00:00:02.000\nHi', 'srt'), problem(2, 'expected a cue timing like 00:01:02,000 --> 00:01:05,500'));
    const many = Array.from({ length: TRANSCRIPT_MAX_CUES + 1 }, (_, i) => `${i + 1}\n00:00:${String(i % 60).padStart(2, '0')},000 --> 00:00:59,999\nx`);
    assert.throws(() => parseTranscript(many.join('\n\n').replace(/00:00:(\d\d),000 -->/g, '00:00:00,000 -->'), 'srt'), /at most 20,000 cues/);
  });

  test('cues written back as WebVTT and SubRip read again as the same cues, markup characters escaped', () => {
    const cues = [
      { start: 0, end: 2.5, text: 'A <tag> & more' },
      { start: 3661.007, end: 3662, text: 'B' },
    ];
    assert.equal(toVtt(cues), 'WEBVTT\n\n00:00:00.000 --> 00:00:02.500\nA &lt;tag&gt; &amp; more\n\n01:01:01.007 --> 01:01:02.000\nB\n');
    assert.equal(toSrt(cues), '1\n00:00:00,000 --> 00:00:02,500\nA &lt;tag&gt; &amp; more\n\n2\n01:01:01,007 --> 01:01:02,000\nB\n');
    assert.deepEqual(parseTranscript(toVtt(cues), 'vtt'), cues);
    assert.deepEqual(parseTranscript(toSrt(cues), 'srt'), cues);
  });
});
