import { z } from 'zod';
import { nonNegativeIntSchema } from './common';
import { fileExtension } from './upload';

/**
 * Transcribe (docs/use-cases.md): POST /api/transcriptions takes one audio file (multipart, field
 * `file`, optional field `language` as a hint such as `de`) up to maxAudioFileUploadSizeMB, sends
 * it to the OpenAI-compatible `/audio/transcriptions` endpoint of a speech model (Whisper) and
 * answers the text with timestamped segments. The client offers it as .txt and .vtt (toWebVtt).
 * GET /api/transcriptions/config says whether a transcription model is configured.
 */

/**
 * The audio types a transcription takes (what Whisper reads), by media type with their
 * extensions. The server decides by content (magic number), the name's extension must fit.
 */
export const TRANSCRIPTION_AUDIO_TYPES = {
  'audio/mpeg': { name: 'MP3', extensions: ['mp3', 'mpga', 'mpeg'] },
  'audio/mp4': { name: 'M4A/MP4', extensions: ['m4a', 'mp4'] },
  'audio/wav': { name: 'WAV', extensions: ['wav'] },
  'audio/webm': { name: 'WebM', extensions: ['webm'] },
  'audio/ogg': { name: 'Ogg', extensions: ['ogg', 'oga', 'opus'] },
  'audio/flac': { name: 'FLAC', extensions: ['flac'] },
} as const;
export type TranscriptionAudioType = keyof typeof TRANSCRIPTION_AUDIO_TYPES;
export const TRANSCRIPTION_AUDIO_MEDIA_TYPES = Object.keys(TRANSCRIPTION_AUDIO_TYPES) as TranscriptionAudioType[];
export const TRANSCRIPTION_AUDIO_EXTENSIONS: readonly string[] = Object.values(TRANSCRIPTION_AUDIO_TYPES).flatMap((type) => type.extensions);

/** The multipart field that carries the audio file. */
export const TRANSCRIPTION_FILE_FIELD = 'file';

/** The audio type a file name's extension names, if it is one a transcription takes. */
export function transcriptionAudioTypeOfName(name: string): TranscriptionAudioType | undefined {
  const extension = fileExtension(name);
  return TRANSCRIPTION_AUDIO_MEDIA_TYPES.find((type) => (TRANSCRIPTION_AUDIO_TYPES[type].extensions as readonly string[]).includes(extension));
}

/** "MP3, M4A/MP4, WAV, WebM, Ogg or FLAC": the accepted types for a sentence. */
export function transcriptionAudioTypeNames(): string {
  const names = TRANSCRIPTION_AUDIO_MEDIA_TYPES.map((type) => TRANSCRIPTION_AUDIO_TYPES[type].name);
  return `${names.slice(0, -1).join(', ')} or ${names.at(-1)}`;
}

const secondsSchema = z.number().min(0, 'Must not be below 0').finite();

/** A stretch of the recording and what was said in it; times in seconds from the start. */
export const transcriptionSegmentSchema = z
  .object({ start: secondsSchema, end: secondsSchema, text: z.string() })
  .refine((segment) => segment.end >= segment.start, { message: 'end must not be before start', path: ['end'] });
export type TranscriptionSegment = z.infer<typeof transcriptionSegmentSchema>;

/** POST /api/transcriptions answer. */
export const transcriptionSchema = z.object({
  /** The whole text. */
  text: z.string(),
  /** The language the model heard, as it names it (`de`, or Whisper's `german`); empty when it named none. */
  language: z.string().max(64),
  /** Length of the recording in seconds (0 when the model did not say). */
  duration: secondsSchema,
  /** In order; empty when the model gave no timestamps. */
  segments: z.array(transcriptionSegmentSchema),
});
export type Transcription = z.infer<typeof transcriptionSchema>;

/** GET /api/transcriptions/config answer. */
export const transcriptionConfigSchema = z.object({
  /** A transcription model is configured (TRANSCRIPTION_MODEL): show the entry only then. */
  available: z.boolean(),
  /** Largest audio file in bytes (maxAudioFileUploadSizeMB); larger is a 413 with this limit. */
  max_bytes: nonNegativeIntSchema,
  /** Media types taken (for an `accept` attribute); another type is a 415. */
  accepted_types: z.array(z.string()),
  /** File name extensions taken, without the dot. */
  accepted_extensions: z.array(z.string()),
});
export type TranscriptionConfig = z.infer<typeof transcriptionConfigSchema>;

/** `HH:MM:SS.mmm` of WebVTT. */
export function webVttTimestamp(seconds: number): string {
  const totalMs = Math.max(0, Math.round(seconds * 1000));
  const ms = totalMs % 1000;
  const totalSeconds = Math.floor(totalMs / 1000);
  const pad = (value: number, width = 2) => String(value).padStart(width, '0');
  return `${pad(Math.floor(totalSeconds / 3600))}:${pad(Math.floor(totalSeconds / 60) % 60)}:${pad(totalSeconds % 60)}.${pad(ms, 3)}`;
}

/**
 * Segments as a WebVTT file (text/vtt): the header, then one numbered cue per segment with text.
 * Cue text is escaped (&, <, >), an arrow "-->" inside it is broken up, and blank lines (which
 * would end a cue) are dropped.
 */
export function toWebVtt(segments: readonly TranscriptionSegment[]): string {
  const cues: string[] = [];
  for (const segment of segments) {
    const text = segment.text
      .replace(/&/g, '&amp;')
      .replace(/</g, '&lt;')
      .replace(/>/g, '&gt;')
      .split(/\r\n|\r|\n/)
      .map((line) => line.trim())
      .filter((line) => line !== '')
      .join('\n');
    if (text === '') continue;
    cues.push(`${cues.length + 1}\n${webVttTimestamp(segment.start)} --> ${webVttTimestamp(Math.max(segment.end, segment.start))}\n${text}`);
  }
  return `WEBVTT\n\n${cues.map((cue) => `${cue}\n\n`).join('')}`;
}
