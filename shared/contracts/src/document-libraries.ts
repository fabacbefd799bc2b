import { z } from 'zod';
import { collectionScopeSchema } from './collections';
import { isoDateTimeSchema, MESSAGES, mustBeOneOf, nonNegativeIntSchema, uuidSchema } from './common';
import { ingestionErrorCodeSchema } from './ingestion';

/**
 * Document libraries (WebDAV servers such as Nextcloud, and Microsoft 365 through Microsoft
 * Graph) connected by a user or an administrator, whose folders are bound to collections and
 * kept in sync by server jobs (docs/document-libraries.md). Credentials and tokens stay on the
 * server: no response carries them.
 *
 * GET|POST /api/libraries, DELETE /api/libraries/{id}?documents=keep|remove,
 * POST /api/libraries/microsoft/authorize, POST /api/libraries/microsoft/complete,
 * GET /api/libraries/{id}/folders?folder=, GET|POST /api/libraries/{id}/bindings,
 * GET /api/library-bindings/{id}, DELETE /api/library-bindings/{id}?documents=keep|remove (default
 * keep), GET /api/library-bindings/{id}/items,
 * POST /api/library-bindings/{id}/sync|pause|resume.
 */

export const LIBRARY_KINDS = ['webdav', 'microsoft'] as const;
export const libraryKindSchema = z.enum(LIBRARY_KINDS, { error: mustBeOneOf(LIBRARY_KINDS) });
export type LibraryKind = z.infer<typeof libraryKindSchema>;

export const LIBRARY_NAME_MAX_LENGTH = 100;
export const LIBRARY_URL_MAX_LENGTH = 2048;
export const LIBRARY_SECRET_MAX_LENGTH = 1024;
/** Longest folder id or path a library names (WebDAV paths, Graph drive item ids). */
export const LIBRARY_FOLDER_MAX_LENGTH = 2048;
/** Most folders listed in one answer of the folder browser; more are counted in `more`. */
export const LIBRARY_FOLDERS_PAGE_SIZE = 500;

export const libraryNameSchema = z
  .string()
  .trim()
  .min(1, MESSAGES.empty)
  .max(LIBRARY_NAME_MAX_LENGTH, `Must not be longer than ${LIBRARY_NAME_MAX_LENGTH} characters`);

/** A WebDAV server's address: http or https, no user info (the user name is its own field). */
export const webdavUrlSchema = z
  .url({ protocol: /^https?$/, message: MESSAGES.url })
  .max(LIBRARY_URL_MAX_LENGTH, `Must not be longer than ${LIBRARY_URL_MAX_LENGTH} characters`)
  .refine((url) => {
    // An unparsable value is the URL check's to report.
    if (!URL.canParse(url)) return true;
    const parsed = new URL(url);
    return parsed.username === '' && parsed.password === '';
  }, 'Must not contain a user name or password; use the fields below');

export const LIBRARY_CONNECTION_STATES = ['connected', 'needs-sign-in', 'failed'] as const;
export const libraryConnectionStateSchema = z.enum(LIBRARY_CONNECTION_STATES);
export type LibraryConnectionState = z.infer<typeof libraryConnectionStateSchema>;

/** A connection as its owner (or, for company ones, administrators) sees it. */
export const libraryConnectionSchema = z.object({
  id: uuidSchema,
  kind: libraryKindSchema,
  name: z.string(),
  /** personal: feeds its owner's personal collections; company: administrators', company collections. */
  scope: collectionScopeSchema,
  /** The library's address shown to the user (WebDAV URL, or the Microsoft 365 tenant's site). */
  url: z.string(),
  /** Who the portal signs in to the library as (WebDAV user name, Microsoft account). */
  account: z.string(),
  state: libraryConnectionStateSchema,
  /** Why the connection failed, for the user; null when it works. */
  problem: z.string().nullable(),
  created_at: isoDateTimeSchema,
});
export type LibraryConnection = z.infer<typeof libraryConnectionSchema>;

/** GET /api/libraries?scope=personal|company */
export const libraryListQuerySchema = z.object({ scope: collectionScopeSchema.default('personal') });
export const libraryListResponseSchema = z.object({
  libraries: z.array(libraryConnectionSchema),
  /** Whether Microsoft 365 can be connected (the server has an Entra ID app configured); false or absent: offer WebDAV only. */
  microsoft_available: z.boolean().optional(),
});
export type LibraryListResponse = z.infer<typeof libraryListResponseSchema>;

/**
 * POST /api/libraries: connect a WebDAV library with an app password. The server checks the
 * address against the administrators' allow-list and signs in once before it stores anything:
 * 400 `validation_failed` with an issue on `body.url` for a refused host, 502 `upstream_failed`
 * when the library refuses or answers garbage, 504 `upstream_timeout` when it is too slow, 409
 * `conflict` for a library connected already, 503 `service_unavailable` when libraries are off.
 */
export const connectWebdavRequestSchema = z.strictObject({
  kind: z.literal('webdav'),
  name: libraryNameSchema,
  url: webdavUrlSchema,
  username: z.string().trim().min(1, MESSAGES.empty).max(LIBRARY_SECRET_MAX_LENGTH),
  app_password: z.string().min(1, MESSAGES.empty).max(LIBRARY_SECRET_MAX_LENGTH),
  scope: collectionScopeSchema.default('personal'),
});
export type ConnectWebdavRequest = z.infer<typeof connectWebdavRequestSchema>;
export type ConnectWebdavRequestInput = z.input<typeof connectWebdavRequestSchema>;

/**
 * POST /api/libraries/microsoft/authorize: where the sign-in popup goes (authorization code with
 * PKCE; the verifier stays on the server under `state`). The popup returns to /oauth/callback.
 */
export const microsoftAuthorizeRequestSchema = z.strictObject({
  name: libraryNameSchema,
  scope: collectionScopeSchema.default('personal'),
  /** The page the provider sends the popup back to: the portal's /oauth/callback. */
  redirect_uri: z.url({ protocol: /^https?$/, message: MESSAGES.url }).max(LIBRARY_URL_MAX_LENGTH),
});
export const microsoftAuthorizeResponseSchema = z.object({ authorize_url: z.string(), state: z.string() });
export type MicrosoftAuthorizeResponse = z.infer<typeof microsoftAuthorizeResponseSchema>;

/** POST /api/libraries/microsoft/complete: the popup's result; answers the new connection. */
export const microsoftCompleteRequestSchema = z.strictObject({
  code: z.string().min(1, MESSAGES.empty).max(LIBRARY_SECRET_MAX_LENGTH),
  state: z.string().min(1, MESSAGES.empty).max(256),
});

export const libraryIdParamsSchema = z.object({ id: uuidSchema });

/** DELETE /api/libraries/{id}: credentials are deleted; the imported documents stay or go. */
export const LIBRARY_DISCONNECT_DOCUMENTS = ['keep', 'remove'] as const;
export const disconnectLibraryQuerySchema = z.object({
  documents: z.enum(LIBRARY_DISCONNECT_DOCUMENTS, { error: mustBeOneOf(LIBRARY_DISCONNECT_DOCUMENTS) }),
});
export type DisconnectLibraryQuery = z.infer<typeof disconnectLibraryQuerySchema>;

/** GET /api/libraries/{id}/folders?folder=: the sub-folders of one folder (the root when absent). */
export const libraryFoldersQuerySchema = z.object({
  folder: z.string().max(LIBRARY_FOLDER_MAX_LENGTH).optional(),
});
export const libraryFolderSchema = z.object({
  /** Opaque id the library knows the folder by (a WebDAV path, a Graph drive item). */
  id: z.string(),
  name: z.string(),
  /** Path shown to the user, from the library's root. */
  path: z.string(),
});
export type LibraryFolder = z.infer<typeof libraryFolderSchema>;
export const libraryFoldersResponseSchema = z.object({
  /** The listed folder; null at the root. */
  folder: libraryFolderSchema.nullable(),
  folders: z.array(libraryFolderSchema),
  /** Files directly in the listed folder (counted, not listed). */
  file_count: nonNegativeIntSchema,
  /** Sub-folders left out beyond LIBRARY_FOLDERS_PAGE_SIZE. */
  more: nonNegativeIntSchema,
});
export type LibraryFoldersResponse = z.infer<typeof libraryFoldersResponseSchema>;

export const LIBRARY_BINDING_STATES = ['idle', 'syncing', 'paused', 'failed'] as const;
export const libraryBindingStateSchema = z.enum(LIBRARY_BINDING_STATES);
export type LibraryBindingState = z.infer<typeof libraryBindingStateSchema>;

export const librarySyncProgressSchema = z.object({
  files_total: nonNegativeIntSchema,
  files_done: nonNegativeIntSchema,
  files_skipped: nonNegativeIntSchema,
  files_failed: nonNegativeIntSchema,
  bytes_total: nonNegativeIntSchema,
  bytes_done: nonNegativeIntSchema,
});
export type LibrarySyncProgress = z.infer<typeof librarySyncProgressSchema>;

/** A library folder kept in sync with a collection. */
export const libraryBindingSchema = z.object({
  id: uuidSchema,
  library_id: uuidSchema,
  collection_id: uuidSchema,
  collection_name: z.string(),
  folder: libraryFolderSchema,
  state: libraryBindingStateSchema,
  /** The running (or last) sync's progress; null before the first. */
  progress: librarySyncProgressSchema.nullable(),
  /** Why the last sync failed, for the user; null when it did not. */
  problem: z.string().nullable(),
  last_synced_at: isoDateTimeSchema.nullable(),
  next_sync_at: isoDateTimeSchema.nullable(),
});
export type LibraryBinding = z.infer<typeof libraryBindingSchema>;

/** GET /api/libraries/{id}/bindings */
export const libraryBindingListResponseSchema = z.object({ bindings: z.array(libraryBindingSchema) });
export type LibraryBindingListResponse = z.infer<typeof libraryBindingListResponseSchema>;

/**
 * POST /api/libraries/{id}/bindings: bind folders to a collection the user may manage (of the
 * connection's scope); the first sync starts at once. A folder bound already answers 409 `conflict`.
 */
export const createLibraryBindingsRequestSchema = z.strictObject({
  collection_id: uuidSchema,
  folders: z
    .array(z.strictObject({ id: z.string().min(1, MESSAGES.empty).max(LIBRARY_FOLDER_MAX_LENGTH), path: z.string().max(LIBRARY_FOLDER_MAX_LENGTH) }))
    .min(1, 'Please choose at least one folder')
    .max(50, 'Must not be more than 50 folders'),
});
export type CreateLibraryBindingsRequest = z.infer<typeof createLibraryBindingsRequestSchema>;

export const libraryBindingIdParamsSchema = z.object({ id: uuidSchema });

/** What became of one library file in the binding's latest sync. */
export const LIBRARY_ITEM_STATES = ['queued', 'importing', 'imported', 'unchanged', 'skipped', 'failed', 'removed'] as const;
export const libraryItemStateSchema = z.enum(LIBRARY_ITEM_STATES);
export type LibraryItemState = z.infer<typeof libraryItemStateSchema>;

export const LIBRARY_SKIP_REASONS = ['too-large', 'unsupported-type'] as const;
export const librarySkipReasonSchema = z.enum(LIBRARY_SKIP_REASONS);
export type LibrarySkipReason = z.infer<typeof librarySkipReasonSchema>;

export const libraryItemSchema = z.object({
  /** Path in the library, from the bound folder. */
  path: z.string(),
  size: nonNegativeIntSchema,
  state: libraryItemStateSchema,
  /** Why it was skipped; null otherwise. */
  skip_reason: librarySkipReasonSchema.nullable(),
  /** The ingestion's DATA code when it failed there; null otherwise. */
  error_code: ingestionErrorCodeSchema.nullable(),
  /** A failure's message for the user (download refused, library answered garbage); null otherwise. */
  problem: z.string().nullable(),
  /** The collection file it became; null while not imported. */
  file_id: uuidSchema.nullable(),
  /** The original in the library (opens in the library's own web view where it has one). */
  source_url: z.string().nullable(),
  updated_at: isoDateTimeSchema,
});
export type LibraryItem = z.infer<typeof libraryItemSchema>;

/** GET /api/library-bindings/{id}/items?state=&cursor=: the binding's files, failures and skips first. */
export const LIBRARY_ITEMS_PAGE_SIZE = 100;
export const libraryItemsQuerySchema = z.object({
  state: libraryItemStateSchema.optional(),
  cursor: z.string().max(512).optional(),
});
export const libraryItemsPageSchema = z.object({
  items: z.array(libraryItemSchema),
  next_cursor: z.string().nullable(),
});
export type LibraryItemsPage = z.infer<typeof libraryItemsPageSchema>;
