import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  TRANSCRIPTION_AUDIO_EXTENSIONS,
  toWebVtt,
  transcriptionAudioTypeNames,
  transcriptionAudioTypeOfName,
  transcriptionConfigSchema,
  transcriptionSchema,
  webVttTimestamp,
} from '../transcription';
import { accepts, rejects } from './helpers';

describe('transcription', () => {
  it('accepts a transcription with segments and refuses a segment that ends before it starts', () => {
    const answer = { text: 'Hallo. Tschüss.', language: 'german', duration: 3.2, segments: [{ start: 0, end: 1.5, text: 'Hallo.' }, { start: 1.5, end: 3.2, text: 'Tschüss.' }] };
    assert.deepEqual(accepts(transcriptionSchema, answer), answer);
    assert.deepEqual(rejects(transcriptionSchema, { ...answer, segments: [{ start: 2, end: 1, text: 'x' }] }).path, ['segments', 0, 'end']);
    assert.deepEqual(rejects(transcriptionSchema, { ...answer, duration: -1 }).path, ['duration']);
  });

  it('knows the audio types by extension', () => {
    assert.equal(transcriptionAudioTypeOfName('Besprechung.MP3'), 'audio/mpeg');
    assert.equal(transcriptionAudioTypeOfName('memo.m4a'), 'audio/mp4');
    assert.equal(transcriptionAudioTypeOfName('notes.pdf'), undefined);
    assert.ok(TRANSCRIPTION_AUDIO_EXTENSIONS.includes('wav'));
    assert.equal(transcriptionAudioTypeNames(), 'MP3, M4A/MP4, WAV, WebM, Ogg or FLAC');
    accepts(transcriptionConfigSchema, { available: false, max_bytes: 26_214_400, accepted_types: ['audio/wav'], accepted_extensions: ['wav'] });
  });

  it('writes WebVTT timestamps as HH:MM:SS.mmm', () => {
    assert.equal(webVttTimestamp(0), '00:00:00.000');
    assert.equal(webVttTimestamp(61.5), '00:01:01.500');
    assert.equal(webVttTimestamp(3723.0004), '01:02:03.000');
    assert.equal(webVttTimestamp(-1), '00:00:00.000');
  });

  it('makes a WebVTT file of the segments: numbered cues, escaped text, no blank lines inside a cue, empty segments left out', () => {
    const vtt = toWebVtt([
      { start: 0, end: 2.25, text: ' Guten Morgen. ' },
      { start: 2.25, end: 4, text: '   ' },
      { start: 4, end: 7.8, text: 'A <b>&</b> B --> C\n\nzweite Zeile' },
    ]);
    assert.equal(
      vtt,
      'WEBVTT\n\n1\n00:00:00.000 --> 00:00:02.250\nGuten Morgen.\n\n2\n00:00:04.000 --> 00:00:07.800\nA &lt;b&gt;&amp;&lt;/b&gt; B --&gt; C\nzweite Zeile\n\n',
    );
    assert.equal(toWebVtt([]), 'WEBVTT\n\n');
  });
});
