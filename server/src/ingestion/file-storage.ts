import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, readFile, rename, rm } from 'node:fs/promises';
import { join } from 'node:path';

/**
 * Uploaded bytes on disk: `<DATA_DIR>/files/<key>`, where the key is a server-made uuid and never
 * the client's name. An upload is written to `<DATA_DIR>/files/.incoming/<uuid>` first and moved
 * into place only once it passed every check, so a refused or broken upload leaves nothing behind.
 */
export class FileStorage {
  readonly root: string;
  private readonly incoming: string;

  constructor(dataDir: string) {
    this.root = join(dataDir, 'files');
    this.incoming = join(this.root, '.incoming');
  }

  async newIncoming(): Promise<{ path: string; write: ReturnType<typeof createWriteStream> }> {
    await mkdir(this.incoming, { recursive: true });
    const path = join(this.incoming, randomUUID());
    return { path, write: createWriteStream(path, { flags: 'wx' }) };
  }

  /** Moves an accepted upload into place under `key`. */
  async commit(incomingPath: string, key: string): Promise<void> {
    await rename(incomingPath, this.path(key));
  }

  path(key: string): string {
    if (!/^[0-9a-f-]{36}$/.test(key)) throw new Error('A storage key is a server-made uuid');
    return join(this.root, key);
  }

  read(key: string): Promise<Buffer> {
    return readFile(this.path(key));
  }

  /** Removes stored bytes; a key whose file is already gone is fine. */
  async remove(key: string): Promise<void> {
    await rm(this.path(key), { force: true });
  }

  async discard(incomingPath: string): Promise<void> {
    await rm(incomingPath, { force: true });
  }
}
