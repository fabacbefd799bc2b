import {
  connectWebdavRequestSchema,
  LIBRARY_NAME_MAX_LENGTH,
  LIBRARY_SECRET_MAX_LENGTH,
  LIBRARY_URL_MAX_LENGTH,
  libraryNameSchema,
  type CollectionScope,
  type ConnectWebdavRequest,
  type LibraryKind,
} from '@assistant/contracts';

/** The fields of the WebDAV form, named as the request names them (a server's issue path points at one). */
export const CONNECT_FIELDS = ['name', 'url', 'username', 'app_password'] as const;
export type ConnectField = (typeof CONNECT_FIELDS)[number];
export type ConnectValues = Record<ConnectField, string>;

export const EMPTY_CONNECT_VALUES: ConnectValues = { name: '', url: '', username: '', app_password: '' };

/** What is wrong with a field (texts under `libraries.connect.problems.<problem>`). */
export type ConnectProblem = 'required' | 'tooLong' | 'url' | 'credentialsInUrl';

/** What the Microsoft 365 sign-in starts with: the connection's name (the account comes from the sign-in). */
export interface MicrosoftSignInRequest {
  kind: 'microsoft';
  name: string;
  scope: CollectionScope;
}

export type ConnectCheck =
  | { ok: true; request: ConnectWebdavRequest | MicrosoftSignInRequest }
  | { ok: false; problems: Partial<Record<ConnectField, ConnectProblem>> };

/** The fields each kind asks for: Microsoft 365 only a name, the rest comes from the sign-in. */
export const FIELDS_OF: Record<LibraryKind, readonly ConnectField[]> = { webdav: CONNECT_FIELDS, microsoft: ['name'] };

/** The longest value of each field, for the "too long" text. */
export const CONNECT_MAX_LENGTH: Record<ConnectField, number> = {
  name: LIBRARY_NAME_MAX_LENGTH,
  url: LIBRARY_URL_MAX_LENGTH,
  username: LIBRARY_SECRET_MAX_LENGTH,
  app_password: LIBRARY_SECRET_MAX_LENGTH,
};

export const isConnectField = (value: unknown): value is ConnectField => CONNECT_FIELDS.includes(value as ConnectField);

/**
 * Checks the form of a kind with the contract's schemas, the rules the server applies too. Its
 * messages are English, so each issue becomes a problem the screen words in its language; the
 * first issue of a field wins.
 */
export function checkConnectForm(values: ConnectValues, scope: CollectionScope, kind: LibraryKind = 'webdav'): ConnectCheck {
  const problems: Partial<Record<ConnectField, ConnectProblem>> = {};
  if (kind === 'microsoft') {
    const name = libraryNameSchema.safeParse(values.name);
    if (name.success) return { ok: true, request: { kind, name: name.data, scope } };
    problems.name = problemOf('name', name.error.issues[0]!.code, values.name);
    return { ok: false, problems };
  }
  const result = connectWebdavRequestSchema.safeParse({ kind: 'webdav', ...values, scope });
  if (result.success) return { ok: true, request: result.data };
  for (const issue of result.error.issues) {
    const field = issue.path[0];
    if (!isConnectField(field) || problems[field]) continue;
    problems[field] = problemOf(field, issue.code, values[field]);
  }
  return { ok: false, problems };
}

function problemOf(field: ConnectField, code: string, value: string): ConnectProblem {
  if (value.trim() === '' || code === 'too_small') return 'required';
  if (code === 'too_big') return 'tooLong';
  // The URL's own refinement: a user name or password written into the address.
  if (field === 'url') return code === 'custom' ? 'credentialsInUrl' : 'url';
  return 'required';
}
