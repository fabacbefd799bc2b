import { z } from 'zod';
import { languageCodeSchema } from './translate';

/**
 * Read aloud (docs/chat-ui.md "Voice"): POST /api/speech sends an answer's rendered text to the
 * OpenAI-compatible `/audio/speech` endpoint of a text-to-speech model (TEXT_TO_SPEECH_MODEL and
 * its voice) and answers the audio (MP3). GET /api/speech/config says whether one is configured;
 * without one the browser speaks with its own speech synthesis.
 */

/** Longest text one request reads (OpenAI's limit of `/audio/speech`); a longer answer is read in parts. */
export const SPEECH_MAX_CHARACTERS = 4096;

/** POST /api/speech body. */
export const speechRequestSchema = z.strictObject({
  /** Plain text as shown (no Markdown). */
  text: z.string().trim().min(1, 'Must not be empty').max(SPEECH_MAX_CHARACTERS, `Must be at most ${SPEECH_MAX_CHARACTERS} characters`),
  /** The interface language (`de`, `en-US`): a hint for endpoints that take one. */
  language: languageCodeSchema.optional(),
});
export type SpeechRequest = z.infer<typeof speechRequestSchema>;

/** GET /api/speech/config answer. */
export const speechConfigSchema = z.object({
  /** A text-to-speech model is configured: answers are read by it, else by the browser. */
  available: z.boolean(),
  /** Most characters of one request. */
  max_characters: z.number().int().positive(),
});
export type SpeechConfig = z.infer<typeof speechConfigSchema>;

/** The media type POST /api/speech answers. */
export const SPEECH_AUDIO_TYPE = 'audio/mpeg';
