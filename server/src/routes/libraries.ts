import {
  connectWebdavRequestSchema,
  disconnectLibraryQuerySchema,
  libraryConnectionSchema,
  libraryFoldersQuerySchema,
  libraryFoldersResponseSchema,
  libraryIdParamsSchema,
  libraryListQuerySchema,
  libraryListResponseSchema,
  type LibraryFoldersResponse,
} from '@assistant/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { noContentResponse } from '../http/declared-responses';
import { errorResponses } from '../http/error-responses';
import { sendError } from '../http/send-error';
import { abortWhenClientLeaves } from '../inference/client-abort';
import { sendLibraryError } from '../libraries/library-error-reply';
import type { LibraryConnectionRow, LibraryConnectionsRepository } from '../libraries/library-connections-repository';
import type { LibrarySessions } from '../libraries/library-sessions';
import { WEBDAV_KIND } from '../libraries/webdav/webdav-connector';

export const NOT_FOUND_LIBRARY = 'No such library';
const COMPANY_ADMINS_ONLY = 'Only administrators connect company libraries';

export interface LibraryRoutesOptions {
  connections: LibraryConnectionsRepository;
  sessions: LibrarySessions;
  /**
   * Runs before a connection and its credentials are deleted: the sync stops its bindings and,
   * with `remove`, removes the documents they imported (its bindings go with the connection).
   */
  onDisconnect?: (connection: LibraryConnectionRow, documents: 'keep' | 'remove') => Promise<void>;
}

/**
 * Document libraries (docs/document-libraries.md): a user's personal connections, and the
 * company's for administrators. Another user's connection is a 404 for everyone, a company one
 * for whoever does not administrate. No answer carries credentials.
 */
export const libraryRoutes: FastifyPluginAsyncZod<LibraryRoutesOptions> = async (app, { connections, sessions, onDisconnect }) => {
  app.get(
    '/libraries',
    { schema: { querystring: libraryListQuerySchema, response: { 200: libraryListResponseSchema, ...errorResponses(403) } } },
    async (request, reply) => {
      if (request.query.scope === 'company' && !request.viewer.isAdmin) return sendError(reply, 403, COMPANY_ADMINS_ONLY);
      return {
        libraries: await connections.list(request.viewer, request.query.scope),
        microsoft_available: sessions.enabled && sessions.connector('microsoft') !== undefined,
      };
    },
  );

  app.post(
    '/libraries',
    { schema: { body: connectWebdavRequestSchema, response: { 201: libraryConnectionSchema, ...errorResponses(403, 409, 502, 503, 504) } } },
    async (request, reply) => {
      const { viewer, body } = request;
      if (body.scope === 'company' && !viewer.isAdmin) return sendError(reply, 403, COMPANY_ADMINS_ONLY);
      const connector = sessions.connector(WEBDAV_KIND);
      if (!sessions.enabled || !connector) {
        return sendError(reply, 503, 'Document libraries are off on this server: an administrator sets LIBRARY_SECRET_KEYS to turn them on', {
          code: 'service_unavailable',
        });
      }
      const same = await connections.findSame(viewer, { scope: body.scope, kind: WEBDAV_KIND, url: body.url, account: body.username });
      if (same) return sendError(reply, 409, `This library is connected already as "${same.name}"`, { code: 'conflict' });

      // Signs in once before anything is stored: a wrong password or address is told now.
      const credentials = { username: body.username, appPassword: body.app_password };
      const client = abortWhenClientLeaves(reply);
      let account: string;
      try {
        ({ account } = await sessions.openUnsaved(connector, body.url, credentials).verify(client.signal));
      } catch (error) {
        return sendLibraryError(request, reply, error, { client: client.signal, urlInBody: true });
      } finally {
        client.dispose();
      }
      const created = await connections.create(viewer, { scope: body.scope, kind: WEBDAV_KIND, name: body.name, url: body.url, account, credentials });
      request.log.info({ by: viewer.sub, library: created.id, kind: created.kind, scope: created.scope }, 'document library connected');
      return reply.code(201).send(created);
    },
  );

  app.delete(
    '/libraries/:id',
    { schema: { params: libraryIdParamsSchema, querystring: disconnectLibraryQuerySchema, response: noContentResponse } },
    async (request, reply) => {
      const connection = await connections.find(request.params.id, request.viewer);
      if (!connection) return sendError(reply, 404, NOT_FOUND_LIBRARY);
      await onDisconnect?.(connection, request.query.documents);
      await connections.delete(connection.id, request.viewer);
      request.log.info({ by: request.viewer.sub, library: connection.id, documents: request.query.documents }, 'document library disconnected');
      return reply.code(204).send();
    },
  );

  app.get(
    '/libraries/:id/folders',
    {
      schema: {
        params: libraryIdParamsSchema,
        querystring: libraryFoldersQuerySchema,
        response: { 200: libraryFoldersResponseSchema, ...errorResponses(502, 504) },
      },
    },
    async (request, reply): Promise<LibraryFoldersResponse> => {
      const client = abortWhenClientLeaves(reply);
      try {
        const opened = await sessions.open(request.params.id, request.viewer);
        if (!opened) return await sendError(reply, 404, NOT_FOUND_LIBRARY);
        const listing = await opened.session.listFolders(request.query.folder ?? null, client.signal);
        return { folder: listing.folder, folders: listing.folders, file_count: listing.fileCount, more: listing.more };
      } catch (error) {
        return await sendLibraryError(request, reply, error, { client: client.signal });
      } finally {
        client.dispose();
      }
    },
  );
};
