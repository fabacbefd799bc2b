import { insertAtCursor } from '../insert-at-cursor';
import { formatDuration, levelOf, recordingFileName, recordingMimeType } from '../recording-format';
import { voiceFor } from '../speech-player';
import { speechParts, spokenText } from '../speech-text';

describe('spoken text', () => {
  it('leaves out citation markers, bullets and lines without words', () => {
    // The Markdown itself is the conversation's to render (read-aloud.test.tsx reads a rendered answer).
    const rendered = jest.fn((markdown: string) => markdown.replace(/\[([^\]]+)\]\([^)]*\)/g, '$1'));
    expect(spokenText('Paid within 30 days [1][2].\n- Hand in receipts [3, 4]\n---\n- Ask HR 【5†source】\n1. First [see](https://x.example/1)', rendered)).toBe(
      'Paid within 30 days.\nHand in receipts\nAsk HR\n1. First see',
    );
    expect(rendered).toHaveBeenCalledWith('Paid within 30 days.\n- Hand in receipts\n---\n- Ask HR\n1. First [see](https://x.example/1)');
  });

  it('cuts long text into parts at sentence ends, a sentence longer than a part between words', () => {
    expect(speechParts('One two. Three four five. Six.', 16)).toEqual(['One two.', 'Three four five.', 'Six.']);
    expect(speechParts('One two. Three.', 100)).toEqual(['One two. Three.']);
    expect(speechParts('alpha beta gamma delta', 11)).toEqual(['alpha beta', 'gamma delta']);
    expect(speechParts('Line one\nLine two', 100)).toEqual(['Line one Line two']);
    expect(speechParts('', 10)).toEqual([]);
  });
});

describe('inserting dictated text', () => {
  it('takes the text into an empty box, at the cursor with spaces where words would run together, or over a selection', () => {
    expect(insertAtCursor('', 0, 0, ' Hallo ')).toEqual({ text: 'Hallo', cursor: 5 });
    expect(insertAtCursor('Frage:', 6, 6, 'Wer?')).toEqual({ text: 'Frage: Wer?', cursor: 11 });
    expect(insertAtCursor('ab', 1, 1, 'X')).toEqual({ text: 'a X b', cursor: 3 });
    expect(insertAtCursor('Hello world.', 6, 11, 'there')).toEqual({ text: 'Hello there.', cursor: 11 });
    expect(insertAtCursor('Text', 4, 4, '   ')).toEqual({ text: 'Text', cursor: 4 });
  });
});

describe('recording', () => {
  it('asks for a type the transcription takes and names the file by it', () => {
    expect(recordingMimeType((type) => type === 'audio/mp4')).toBe('audio/mp4');
    expect(recordingMimeType((type) => type.startsWith('audio/webm'))).toBe('audio/webm;codecs=opus');
    expect(recordingMimeType(() => false)).toBeUndefined();
    expect(['audio/webm;codecs=opus', 'audio/ogg;codecs=opus', 'audio/mp4', ''].map(recordingFileName)).toEqual(['question.webm', 'question.ogg', 'question.m4a', 'question.webm']);
  });

  it('shows the time and the level', () => {
    expect([0, 7.9, 65, 600].map(formatDuration)).toEqual(['0:00', '0:07', '1:05', '10:00']);
    expect(levelOf(new Uint8Array(64).fill(128))).toBe(0);
    expect(levelOf(new Uint8Array(64).map((_, index) => (index % 2 ? 148 : 108)))).toBeCloseTo(0.47, 1);
    expect(levelOf(new Uint8Array(64).map((_, index) => (index % 2 ? 255 : 0)))).toBe(1);
  });
});

describe('the browser’s voice', () => {
  const voice = (lang: string, localService = true) => ({ lang, localService, name: lang }) as SpeechSynthesisVoice;
  it('takes the language tag, else the same language, local voices first', () => {
    expect(voiceFor([voice('en-GB'), voice('de-DE')], 'de-DE')?.lang).toBe('de-DE');
    expect(voiceFor([voice('en-US', false), voice('de_AT'), voice('en-GB')], 'en-US')?.lang).toBe('en-US');
    expect(voiceFor([voice('de-AT', false), voice('de-CH')], 'de-DE')?.lang).toBe('de-CH');
    expect(voiceFor([voice('fr-FR')], 'de-DE')).toBeUndefined();
  });
});
