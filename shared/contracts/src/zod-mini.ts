import * as z from 'zod/mini';
import { en } from 'zod/locales';

/**
 * zod/mini for the schemas on the shell's start-up path: it tree-shakes to what is
 * used, where the full zod is one ~27 KB block. It loads no locale of its own, so this sets the
 * English one the full zod sets: both give the same messages ("Unrecognized key ...", not
 * "Invalid input"). The contracts import `z` from here, never from 'zod/mini' directly.
 */
z.config(en());

export { z };
