import { z } from './zod-mini';

/**
 * How formal the translation should sound; "default" (or absent) leaves it to the engine.
 * zod/mini: the platform's translation preferences (start-up path) check stored values with it.
 */
export const formalitySchema = z.enum(['default', 'more', 'less'], { error: "Must be 'default', 'more' or 'less'" });
export type Formality = z.infer<typeof formalitySchema>;
