import type { FastifyBaseLogger } from 'fastify';
import type { ServerConfig } from '../config';
import type { Database } from '../db/database';
import { libraryConnectors } from './connectors';
import { LibraryConnectionsRepository } from './library-connections-repository';
import { createGuardedFetch, LibraryHosts } from './library-hosts';
import { librarySecretsFromConfig } from './library-secrets';
import { LibrarySessions } from './library-sessions';
import { microsoft365FromConfig, type Microsoft365 } from './microsoft/microsoft-from-config';

export interface Libraries {
  connections: LibraryConnectionsRepository;
  sessions: LibrarySessions;
  /** Present when an Entra ID app is configured (docs/document-libraries.md#microsoft-365). */
  microsoft: Microsoft365 | undefined;
}

/**
 * Document libraries as the configuration makes them: connections with sealed credentials, and
 * sessions that reach a library only through the allow-listed fetch. The API (app.ts) and the
 * sync jobs (main.ts) each build theirs here, so both open libraries alike.
 */
export async function librariesFromConfig(config: ServerConfig, db: Database, log: FastifyBaseLogger): Promise<Libraries> {
  const connections = new LibraryConnectionsRepository(db, await librarySecretsFromConfig(config.libraries, log));
  const microsoft = microsoft365FromConfig(config);
  const sessions = new LibrarySessions({
    connections,
    connectors: libraryConnectors(microsoft ? [microsoft.connector] : []),
    deps: {
      fetch: createGuardedFetch({ hosts: LibraryHosts.fromEntries(config.libraries.allowedHosts), requestTimeoutMs: config.libraries.requestTimeoutMs }),
      requestTimeoutMs: config.libraries.requestTimeoutMs,
    },
  });
  return { connections, sessions, microsoft };
}
