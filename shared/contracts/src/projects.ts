import { z } from 'zod';
import { MESSAGES, isoDateTimeSchema, mustBeOneOf, uuidSchema } from './common';
import { itemSharingSchema } from './sharing';

/**
 * Projects (docs/projects.md): a user's conversations grouped with files and instructions, as in
 * ChatGPT. The files are searched in every conversation of the project, the instructions are added
 * to every answer in it. A project is shared like the other items (sharing.ts; kind `project`,
 * roles view and edit): whom it reaches sees it, its files and instructions and keeps their own
 * conversations in it; editors change its files and instructions; the owner alone renames,
 * deletes and shares it. Conversations stay each user's own.
 *
 * - GET /api/projects: the user's own projects and those shared with them, latest change first.
 * - POST /api/projects (201), GET|PATCH /api/projects/{id}, DELETE /api/projects/{id}?conversations=.
 * - GET|POST /api/projects/{id}/files, DELETE /api/projects/{id}/files/{fileId}: its files, with the
 *   upload, limits and ingestion statuses of a collection's (upload.ts, collections.ts).
 *
 * A project the user may not read is a 404, one they may read but not change a 403.
 */

export const PROJECT_NAME_MAX_LENGTH = 100;
export const PROJECT_INSTRUCTIONS_MAX_LENGTH = 8_000;
/** Projects a user may own (shared ones do not count); one more is a 409 conflict. */
export const PROJECT_MAX_PER_USER = 200;

const tooLong = (max: number) => `Must not be longer than ${max} characters`;

export const PROJECT_ERRORS = {
  notFound: { statusCode: 404, code: 'not_found', message: 'No such project' },
  readOnly: { statusCode: 403, code: 'forbidden', message: 'This project is shared with you to read only' },
  ownerOnly: { statusCode: 403, code: 'forbidden', message: 'Only the owner renames, deletes or shares a project' },
  tooManyProjects: { statusCode: 409, code: 'conflict', message: `A user owns at most ${PROJECT_MAX_PER_USER} projects` },
} as const;

const nameSchema = z.string().trim().min(1, MESSAGES.empty).max(PROJECT_NAME_MAX_LENGTH, tooLong(PROJECT_NAME_MAX_LENGTH));
const instructionsSchema = z.string().trim().max(PROJECT_INSTRUCTIONS_MAX_LENGTH, tooLong(PROJECT_INSTRUCTIONS_MAX_LENGTH));

/** POST /api/projects. Unknown keys are refused. */
export const projectCreateSchema = z.strictObject({ name: nameSchema, instructions: instructionsSchema.optional() });
export type ProjectCreate = z.infer<typeof projectCreateSchema>;
export type ProjectCreateInput = z.input<typeof projectCreateSchema>;

/** PATCH /api/projects/{id}: a new name (the owner) and/or instructions (owner and editors). */
export const projectUpdateSchema = z
  .strictObject({ name: nameSchema.optional(), instructions: instructionsSchema.optional() })
  .refine((body) => body.name !== undefined || body.instructions !== undefined, 'Name a change: name or instructions');
export type ProjectUpdate = z.infer<typeof projectUpdateSchema>;
export type ProjectUpdateInput = z.input<typeof projectUpdateSchema>;

/** What a project's deletion does with the conversations in it: deletes them, or keeps them outside any project. */
export const PROJECT_CONVERSATION_FATES = ['delete', 'keep'] as const;
export type ProjectConversationFate = (typeof PROJECT_CONVERSATION_FATES)[number];

/**
 * DELETE /api/projects/{id}?conversations=delete|keep: asked, never assumed. Only the owner's own
 * conversations are deleted with it; colleagues' conversations in a shared project stay theirs,
 * outside any project.
 */
export const projectDeleteQuerySchema = z.object({ conversations: z.enum(PROJECT_CONVERSATION_FATES, mustBeOneOf(PROJECT_CONVERSATION_FATES)) });
export type ProjectDeleteQuery = z.infer<typeof projectDeleteQuerySchema>;

export const projectIdParamsSchema = z.object({ id: uuidSchema });
export const projectFileParamsSchema = z.object({ id: uuidSchema, fileId: uuidSchema });

/** A project as the user sees it, with how it reaches them (`sharing.access`: owner, edit or view). */
export const projectSchema = z.object({
  id: uuidSchema,
  name: z.string().min(1, MESSAGES.empty).max(PROJECT_NAME_MAX_LENGTH),
  instructions: z.string().max(PROJECT_INSTRUCTIONS_MAX_LENGTH),
  /** How many documents it holds (any status). */
  file_count: z.number().int().nonnegative(),
  sharing: itemSharingSchema,
  created_at: isoDateTimeSchema,
  updated_at: isoDateTimeSchema,
});
export type Project = z.infer<typeof projectSchema>;

/** GET /api/projects: own and shared, latest change first. */
export const projectListResponseSchema = z.object({ projects: z.array(projectSchema) });
export type ProjectListResponse = z.infer<typeof projectListResponseSchema>;

/** Whether the user may change the project's files and instructions (its owner, editors). */
export const mayEditProject = (project: Pick<Project, 'sharing'>): boolean => project.sharing.access !== 'view';
