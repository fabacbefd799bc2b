import { spawn, spawnSync } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';

/** A real WebDAV server (Debian's rclone) serving a temporary folder, for one test file. */
export interface TestWebdavServer {
  /** The WebDAV root, ending in `/`: http://127.0.0.1:<port>/ */
  url: string;
  /** The folder it serves; tests write files into it. */
  root: string;
  username: string;
  password: string;
  /** Writes a file under root, making its folders (`path` is `/`-separated). */
  put(path: string, content: string | Uint8Array): Promise<void>;
  close(): Promise<void>;
}

/**
 * Why the WebDAV tests cannot run here, or false when they can. rclone is installed by the test
 * command (scripts/debian-packages.mjs) when missing; on a machine without it the tests skip with
 * this message, except under CI, where its absence is a failure.
 */
export function webdavServerMissing(): string | false {
  const probe = spawnSync('rclone', ['version'], { stdio: 'ignore' });
  if (!probe.error && probe.status === 0) return false;
  const message = 'rclone is not installed (apt-get install rclone; npm test installs it as root): the WebDAV tests are skipped';
  if (process.env.CI) throw new Error(`${message}, but CI must run them`);
  return message;
}

/**
 * Starts `rclone serve webdav` on a free loopback port over a new temporary folder, with Basic
 * auth. Directory listings are not cached, so files a test writes are listed at once.
 */
export async function startTestWebdavServer({ username = 'librarian', password = 'app-password-1' } = {}): Promise<TestWebdavServer> {
  const root = await mkdtemp(join(tmpdir(), 'webdav-'));
  const child = spawn(
    'rclone',
    ['serve', 'webdav', root, '--addr', '127.0.0.1:0', '--user', username, '--pass', password, '--dir-cache-time', '0s', '--poll-interval', '0'],
    { stdio: ['ignore', 'ignore', 'pipe'], env: { ...process.env, RCLONE_CONFIG: join(root, '.no-rclone.conf') } },
  );
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const url = await new Promise<string>((resolve, reject) => {
    let output = '';
    const timer = setTimeout(() => reject(new Error(`rclone did not start within 15 s:\n${output}`)), 15_000);
    child.stderr.setEncoding('utf8');
    child.stderr.on('data', (chunk: string) => {
      output += chunk;
      const started = /WebDav Server started on (http:\/\/[^\s]+)/i.exec(output);
      if (started) {
        clearTimeout(timer);
        resolve(started[1]!.endsWith('/') ? started[1]! : `${started[1]}/`);
      }
    });
    child.once('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`rclone exited (${code}) before serving:\n${output}`));
    });
  });
  // Keep reading its log so a full pipe never stalls it.
  child.stderr.resume();
  return {
    url,
    root,
    username,
    password,
    async put(path, content) {
      const file = join(root, ...path.split('/').filter(Boolean));
      await mkdir(dirname(file), { recursive: true });
      await writeFile(file, content);
    },
    async close() {
      child.kill('SIGTERM');
      await exited;
      await rm(root, { recursive: true, force: true });
    },
  };
}
