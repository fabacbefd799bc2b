import { z } from 'zod';
import { nonEmptyStringSchema, nonNegativeIntSchema, resourceIdSchema } from './common';
import { searchModeSchema } from './qa-chat';

/**
 * The resources a user can pick (SPEC section 3, "Resources"): document collections, language
 * models and machine-translation engines. Id and name must be non-empty; `type` is the backend's
 * own label (for example "personal", "company", "llm", "deepl") and is passed through as is.
 */

export const collectionSchema = z.object({
  id: resourceIdSchema,
  name: nonEmptyStringSchema,
  type: z.string(),
});
export type Collection = z.infer<typeof collectionSchema>;

/** Whether a model answers over one uploaded document or over whole collections. */
export const languageModelModeSchema = z.enum(['document', 'collection'], {
  error: "Must be 'document' or 'collection'",
});
export type LanguageModelMode = z.infer<typeof languageModelModeSchema>;

export const languageModelSchema = z.object({
  id: resourceIdSchema,
  name: nonEmptyStringSchema,
  type: z.string(),
  mode: languageModelModeSchema.optional(),
  /** Longest input the model takes, in characters; absent means the server sets no limit. */
  max_characters: z.optional(nonNegativeIntSchema),
  /** A short description of the model where its endpoint gives one; never made up. */
  description: z.string().trim().min(1).max(300).optional(),
  /** The model takes images with a question (docs/chat.md "Images"); absent: text only. */
  accepts_images: z.boolean().optional(),
});
export type LanguageModel = z.infer<typeof languageModelSchema>;

/**
 * A translation engine. `languages` maps each source language code it reads (may include "auto")
 * to the target language codes it can write from that source.
 */
export const machineTranslationSchema = z.object({
  id: resourceIdSchema,
  name: nonEmptyStringSchema,
  type: z.string(),
  languages: z.record(z.string().min(1), z.array(z.string().min(1))),
});
export type MachineTranslation = z.infer<typeof machineTranslationSchema>;

/** GET /api/qa/resources: empty lists when no model is connected (DESIGN section 1), never an error. */
export const qaResourcesResponseSchema = z.object({
  collections: z.array(collectionSchema),
  language_models: z.array(languageModelSchema),
  /** How the server searches documents: `hybrid` (full text and vectors) or `full-text` alone. */
  search_mode: searchModeSchema.optional(),
});
export type QaResourcesResponse = z.infer<typeof qaResourcesResponseSchema>;

/** GET /api/translation/resources: a bare list (SPEC section 7); empty when no engine is set up. */
export const translationResourcesResponseSchema = z.array(machineTranslationSchema);
export type TranslationResourcesResponse = z.infer<typeof translationResourcesResponseSchema>;
