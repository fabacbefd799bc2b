import { z } from './zod-mini';

/** The application identifies itself as "assistant" in this version (SPEC section 1). */
export const APP_NAME = 'assistant';
export const APP_VERSION = '3.244.1-alpha.0';

/** GET /api/version */
export const versionResponseSchema = z.object({ version: z.string().check(z.minLength(1)) });
export type VersionResponse = z.infer<typeof versionResponseSchema>;
