import { createServer } from 'node:net';

/** Asks the OS for a free TCP port on the host (the port is released again before it is returned). */
export async function getFreePort(host = '127.0.0.1'): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.once('error', reject);
    server.listen(0, host, () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/** Same as getFreePort. */
export const freePort = getFreePort;
