import type { Viewer } from '../auth/principal';
import { LibraryError, type ConnectorDependencies, type LibrarySession } from './connector';
import type { AnyLibraryConnector } from './connectors';
import type { LibraryConnectionRow, LibraryConnectionsRepository } from './library-connections-repository';
import { LibrarySecretKeyMissingError } from './library-secrets';

/** A stored connection and a session on it, for one use (a request, one sync). */
export interface OpenedLibrarySession {
  connection: LibraryConnectionRow;
  session: LibrarySession;
}

export interface LibrarySessionsOptions {
  connections: LibraryConnectionsRepository;
  connectors: ReadonlyMap<string, AnyLibraryConnector>;
  /** The guarded fetch and the time limits every connector gets (library-hosts.ts). */
  deps: ConnectorDependencies;
}

/**
 * Opens sessions on stored connections: the credentials are read, opened and checked against
 * the kind's schema here, and nowhere else. A session's calls keep the connection's state true: a
 * library that refuses the stored sign-in marks it `needs-sign-in` with the reason, and a call that
 * succeeds afterwards marks it `connected` again.
 */
export class LibrarySessions {
  constructor(private readonly options: LibrarySessionsOptions) {}

  get enabled(): boolean {
    return this.options.connections.enabled;
  }

  connector(kind: string): AnyLibraryConnector | undefined {
    return this.options.connectors.get(kind);
  }

  /** A session on credentials not stored yet, to sign in once before they are (connecting). */
  openUnsaved<Credentials>(connector: AnyLibraryConnector, url: string, credentials: Credentials): LibrarySession {
    return connector.open({ url, credentials }, this.options.deps);
  }

  /** A session on a connection the viewer may see; undefined when they may not (or it does not exist). */
  async open(connectionId: string, viewer: Viewer): Promise<OpenedLibrarySession | undefined> {
    if (!(await this.options.connections.find(connectionId, viewer))) return undefined;
    return this.openStored(connectionId);
  }

  /**
   * A session on a connection for the server's own work (a binding's sync acts for the
   * connection, not for a request); undefined when the connection is gone. Throws LibraryError
   * `needs-sign-in` when its credentials cannot be opened (key rotated out, kind gone).
   */
  async openForSync(connectionId: string): Promise<OpenedLibrarySession | undefined> {
    return this.openStored(connectionId);
  }

  private async openStored(connectionId: string): Promise<OpenedLibrarySession | undefined> {
    const { connections, connectors, deps } = this.options;
    let stored: Awaited<ReturnType<LibraryConnectionsRepository['credentialsOf']>>;
    try {
      stored = await connections.credentialsOf(connectionId);
    } catch (error) {
      if (!(error instanceof LibrarySecretKeyMissingError)) throw error;
      throw await this.signInAgain(connectionId, `${error.message}: connect the library again`);
    }
    if (!stored) return undefined;
    const { connection } = stored;
    const connector = connectors.get(connection.kind);
    if (!connector) throw await this.signInAgain(connectionId, `This server no longer connects libraries of the kind "${connection.kind}"`);
    const credentials = connector.credentialsSchema.safeParse(stored.credentials);
    if (!credentials.success) throw await this.signInAgain(connectionId, 'The stored sign-in of this library cannot be used any more: connect it again');
    const session = connector.open(
      {
        url: connection.url,
        credentials: credentials.data,
        saveCredentials: (renewed: unknown) => connections.saveCredentials(connectionId, renewed),
      },
      deps,
    );
    return { connection, session: this.watched(connection, session) };
  }

  /** Marks the connection as needing a new sign-in; answers the error to throw. */
  private async signInAgain(connectionId: string, problem: string): Promise<LibraryError> {
    await this.options.connections.setState(connectionId, 'needs-sign-in', problem);
    return new LibraryError(problem, 'needs-sign-in');
  }

  /** The session, with each call's outcome written to the connection's state when it changes it. */
  private watched(connection: LibraryConnectionRow, session: LibrarySession): LibrarySession {
    const { connections } = this.options;
    let state = { state: connection.state, problem: connection.problem };
    const settle = async <T>(call: () => Promise<T>): Promise<T> => {
      try {
        const result = await call();
        if (state.state !== 'connected') {
          state = { state: 'connected', problem: null };
          await connections.setState(connection.id, 'connected', null);
        }
        return result;
      } catch (error) {
        if (error instanceof LibraryError && error.reason === 'needs-sign-in' && state.problem !== error.message) {
          state = { state: 'needs-sign-in', problem: error.message };
          await connections.setState(connection.id, 'needs-sign-in', error.message);
        }
        throw error;
      }
    };
    // The session's own methods (a kind may add more than LibrarySession names) stay reachable.
    return Object.assign(Object.create(session) as LibrarySession, {
      verify: (signal: AbortSignal) => settle(() => session.verify(signal)),
      listFolders: (folderId: string | null, signal: AbortSignal) => settle(() => session.listFolders(folderId, signal)),
      scan: (...args: Parameters<LibrarySession['scan']>) => settle(() => session.scan(...args)),
      download: (...args: Parameters<LibrarySession['download']>) => settle(() => session.download(...args)),
    });
  }
}
