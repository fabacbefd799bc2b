import { z } from 'zod';
import { localeSchema } from './config';
import { nonEmptyStringSchema, resourceIdSchema } from './common';
import { formalitySchema } from './formality';

/**
 * POST /api/translate (SPEC section 3 "Translate response"; the request is left open by the spec
 * and designed here), plus the easy-language request whose answer streams.
 */

/** Longest text one translate call takes, in characters (UTF-16 code units, as `text.length`). */
export const TRANSLATE_MAX_CHARACTERS = 50_000;
/** Longest text one easy-language call takes; the same budget as a translation. */
export const EASY_LANGUAGE_MAX_CHARACTERS = TRANSLATE_MAX_CHARACTERS;

const textToProcess = (max: number) =>
  z
    .string()
    .regex(/\S/, 'Must not be empty')
    .max(max, `Must not be longer than ${max} characters`);

/** A BCP 47-like language tag: a 2-3 letter language, then optional subtags (de, en-GB, zh-Hans). */
export const LANGUAGE_CODE_PATTERN = /^[A-Za-z]{2,3}(-[A-Za-z0-9]{1,8})*$/;
export const languageCodeSchema = z.string().regex(LANGUAGE_CODE_PATTERN, 'Must be a language code such as de or en-GB');

/** The source language may also be "auto": the engine detects it. */
export const SOURCE_LANGUAGE_AUTO = 'auto';
export const sourceLanguageSchema = z
  .string()
  .refine(
    (value) => value === SOURCE_LANGUAGE_AUTO || LANGUAGE_CODE_PATTERN.test(value),
    "Must be 'auto' or a language code such as de or en-GB",
  );

export { formalitySchema, type Formality } from './formality';

/** POST /api/translate request body. Unknown fields are refused, as in every request body. */
export const translateRequestSchema = z
  .strictObject({
    text: textToProcess(TRANSLATE_MAX_CHARACTERS),
    source_language: sourceLanguageSchema,
    target_language: languageCodeSchema,
    /** The id of a machine-translation resource from GET translation/resources. */
    engine_id: resourceIdSchema,
    formality: z.optional(formalitySchema),
  })
  .refine((request) => request.source_language.toLowerCase() !== request.target_language.toLowerCase(), {
    message: 'Target language must differ from the source language',
    path: ['target_language'],
  });
export type TranslateRequest = z.infer<typeof translateRequestSchema>;

/** Which engine or model produced a segment; `score` is the engine's own confidence, if it has one. */
export const translatedBySchema = z.object({
  id: resourceIdSchema,
  name: nonEmptyStringSchema,
  type: z.string(),
  score: z.number().optional(),
});
export type TranslatedBy = z.infer<typeof translatedBySchema>;

/** One source segment (for example a sentence or paragraph) and its translation. */
export const translationSegmentSchema = z.object({
  translation: z.string(),
  source: z.string(),
  translated_by: translatedBySchema,
});
export type TranslationSegment = z.infer<typeof translationSegmentSchema>;

/** POST /api/translate answer: the whole translation and the segments it is made of, in order. */
export const translateResponseSchema = z.object({
  translation: z.string(),
  translation_segments: z.array(translationSegmentSchema),
  /**
   * With source language `auto`: the language the engine detected (lower case, such as `de`),
   * when the engine reports one (DeepL and LibreTranslate do; the LLM engine does not, and none is
   * made up). Absent otherwise.
   */
  detected_language: languageCodeSchema.optional(),
});
export type TranslateResponse = z.infer<typeof translateResponseSchema>;

/**
 * POST /api/easy-language request: rewrite `text` in plain language of `locale` (de: "Einfache
 * Sprache", en: plain English; machine-made, not certified Leichte Sprache / Easy Read). The
 * answer streams as JSON lines in the stream envelope (stream_text events, then done).
 */
export const easyLanguageRequestSchema = z.strictObject({
  text: textToProcess(EASY_LANGUAGE_MAX_CHARACTERS),
  locale: localeSchema,
});
export type EasyLanguageRequest = z.infer<typeof easyLanguageRequestSchema>;
