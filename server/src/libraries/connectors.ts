import type { LibraryConnector } from './connector';
import { webdavConnector } from './webdav/webdav-connector';

/**
 * Every kind of library this server connects. A new kind is a folder beside webdav/ exporting a
 * LibraryConnector, and one entry here (docs/document-libraries.md "Adding a connector kind").
 * Kinds that need configuration (Microsoft 365's application) are passed in when configured.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- each kind has its own credentials type; the sessions check them with its schema
export type AnyLibraryConnector = LibraryConnector<any>;

export function libraryConnectors(configured: readonly AnyLibraryConnector[] = []): ReadonlyMap<string, AnyLibraryConnector> {
  return new Map([webdavConnector, ...configured].map((connector) => [connector.kind, connector]));
}
