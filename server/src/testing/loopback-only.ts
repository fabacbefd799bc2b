import net from 'node:net';

/** Hosts a test process may connect to: this machine only. */
export function isLoopbackHost(host: string): boolean {
  const bare = host.replace(/^\[|\]$/g, '').toLowerCase();
  if (bare === 'localhost' || bare.endsWith('.localhost') || bare === '::1' || bare === '0:0:0:0:0:0:0:1') return true;
  const v4 = bare.replace(/^::ffff:/, '');
  return net.isIPv4(v4) && v4.startsWith('127.');
}

type ConnectArgs = [unknown, ...unknown[]];

/** The host a `socket.connect(...)` call goes to, or undefined for a local (IPC) socket path. */
function hostOf(args: ConnectArgs): string | undefined {
  let first = args[0];
  // net.connect passes its normalized arguments as one array.
  if (Array.isArray(first)) first = first[0];
  if (typeof first === 'object' && first !== null) {
    const options = first as { host?: string; path?: string };
    if (options.path !== undefined) return undefined;
    return options.host ?? 'localhost';
  }
  if (typeof first === 'string' && !/^\d+$/.test(first)) return undefined;
  return typeof args[1] === 'string' ? args[1] : 'localhost';
}

/**
 * Makes every outbound TCP connection of this process to anything but loopback fail (and fetch,
 * which may not use node:net for every request, refuse it), so a test that feeds the server
 * generated input cannot make it call out of the machine. Returns the refused attempts and a
 * function that puts things back.
 */
export function allowLoopbackOnly(): { refused: string[]; restore: () => void } {
  const refused: string[] = [];
  const originalConnect = net.Socket.prototype.connect;
  const originalFetch = globalThis.fetch;
  net.Socket.prototype.connect = function (this: net.Socket, ...args: ConnectArgs) {
    const host = hostOf(args);
    if (host === undefined || isLoopbackHost(host)) return (originalConnect as (...a: unknown[]) => net.Socket).apply(this, args);
    refused.push(host);
    // Failed like an unreachable host: asynchronously, as an 'error' on the socket.
    process.nextTick(() => this.destroy(Object.assign(new Error(`connection to ${host} refused: tests reach loopback only`), { code: 'ECONNREFUSED' })));
    return this;
  } as typeof net.Socket.prototype.connect;
  globalThis.fetch = async (input, init) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    if (!isLoopbackHost(url.hostname)) {
      refused.push(url.hostname);
      throw new TypeError(`fetch to ${url.hostname} refused: tests reach loopback only`);
    }
    return originalFetch(input, init);
  };
  return {
    refused,
    restore() {
      net.Socket.prototype.connect = originalConnect;
      globalThis.fetch = originalFetch;
    },
  };
}
