import { lookup as dnsLookup } from 'node:dns';
import { BlockList, isIP, type LookupFunction } from 'node:net';
import type { Agent, RequestInit as UndiciRequestInit } from 'undici';
import { LibraryError } from './connector';

/** One entry of LIBRARY_ALLOWED_HOSTS: a host by name (`exact`), `*.domain` (`suffix`) or `*` (`any`). */
export interface LibraryHostRule {
  pattern: 'exact' | 'suffix' | 'any';
  /** Lower case, without brackets or a trailing dot; for `suffix` the domain without `*.`. */
  host: string;
  /** Only this port; null: any. */
  port: number | null;
}

/** The address is not on the administrators' allow-list, or resolves where no library may be. */
export class LibraryHostRefusedError extends LibraryError {
  constructor(message: string) {
    super(message, 'refused');
    this.name = 'LibraryHostRefusedError';
  }
}

/**
 * Addresses a library is never fetched from unless its host is listed by name: unspecified,
 * loopback, link-local (169.254.169.254 is the usual cloud metadata service), the other clouds'
 * metadata addresses, multicast and broadcast. BlockList also matches IPv4-mapped IPv6 forms.
 * Private ranges are allowed: a company's Nextcloud is often at one.
 */
const FORBIDDEN_ADDRESSES = (() => {
  const list = new BlockList();
  list.addSubnet('0.0.0.0', 8, 'ipv4');
  list.addSubnet('127.0.0.0', 8, 'ipv4');
  list.addSubnet('169.254.0.0', 16, 'ipv4');
  list.addSubnet('224.0.0.0', 4, 'ipv4');
  list.addAddress('255.255.255.255', 'ipv4');
  // Alibaba Cloud's metadata service and Azure's wire server.
  list.addAddress('100.100.100.200', 'ipv4');
  list.addAddress('168.63.129.16', 'ipv4');
  list.addAddress('::', 'ipv6');
  list.addAddress('::1', 'ipv6');
  list.addSubnet('fe80::', 10, 'ipv6');
  list.addSubnet('ff00::', 8, 'ipv6');
  // AWS's metadata service over IPv6.
  list.addAddress('fd00:ec2::254', 'ipv6');
  return list;
})();

export function isForbiddenAddress(address: string): boolean {
  const family = isIP(address);
  return family === 0 || FORBIDDEN_ADDRESSES.check(address, family === 6 ? 'ipv6' : 'ipv4');
}

/** A URL's or rule's host as compared: lower case, no IPv6 brackets, no trailing dot. */
function normalizeHost(host: string): string {
  return host.toLowerCase().replace(/^\[(.*)\]$/, '$1').replace(/\.$/, '');
}

/** LIBRARY_ALLOWED_HOSTS entries (config.ts has checked their form). */
export function parseLibraryHostRules(entries: readonly string[]): LibraryHostRule[] {
  return entries.map((entry) => {
    if (entry === '*') return { pattern: 'any', host: '', port: null };
    const match = /^(\[[^\]]+\]|[^:]+)(?::(\d+))?$/.exec(entry.trim());
    if (!match) throw new Error(`Not a library host rule: ${entry}`);
    const port = match[2] === undefined ? null : Number(match[2]);
    const host = normalizeHost(match[1]!);
    return host.startsWith('*.') ? { pattern: 'suffix', host: host.slice(2), port } : { pattern: 'exact', host, port };
  });
}

/**
 * The administrators' allow-list of library hosts (LIBRARY_ALLOWED_HOSTS). A host listed by name
 * may be at any address; one allowed through `*.domain` or `*` must not resolve to a forbidden one
 * (checked again when connecting, so a DNS answer that changes in between does not slip through).
 */
export class LibraryHosts {
  constructor(private readonly rules: readonly LibraryHostRule[]) {}

  static fromEntries(entries: readonly string[]): LibraryHosts {
    return new LibraryHosts(parseLibraryHostRules(entries));
  }

  /** Whether any host is allowed at all (no list: no library can be connected). */
  get isEmpty(): boolean {
    return this.rules.length === 0;
  }

  /** `named`: listed by name; `pattern`: through `*.domain` or `*`; undefined: not allowed. */
  match(url: URL): 'named' | 'pattern' | undefined {
    const host = normalizeHost(url.hostname);
    const port = Number(url.port || (url.protocol === 'https:' ? 443 : 80));
    const portFits = (rule: LibraryHostRule) => rule.port === null || rule.port === port;
    if (this.rules.some((rule) => rule.pattern === 'exact' && rule.host === host && portFits(rule))) return 'named';
    const byPattern = this.rules.some(
      (rule) => portFits(rule) && (rule.pattern === 'any' || (rule.pattern === 'suffix' && isIP(host) === 0 && host.endsWith(`.${rule.host}`))),
    );
    return byPattern ? 'pattern' : undefined;
  }

  /** Whether a host name is listed by name under any port (what the connect-time lookup may trust). */
  isNamed(hostname: string): boolean {
    const host = normalizeHost(hostname);
    return this.rules.some((rule) => rule.pattern === 'exact' && rule.host === host);
  }

  /** Throws LibraryHostRefusedError unless a library may be fetched from `url`. */
  check(url: URL): void {
    if (url.protocol !== 'https:' && url.protocol !== 'http:') {
      throw new LibraryHostRefusedError(`A library address must start with https:// or http:// (not ${url.protocol})`);
    }
    const how = this.match(url);
    if (!how) {
      throw new LibraryHostRefusedError(
        this.isEmpty
          ? 'No library host is allowed yet: an administrator lists them in LIBRARY_ALLOWED_HOSTS'
          : `The host ${url.host} is not on the administrators' list of library hosts (LIBRARY_ALLOWED_HOSTS)`,
      );
    }
    const host = normalizeHost(url.hostname);
    if (how === 'pattern' && isIP(host) !== 0 && isForbiddenAddress(host)) throw refusedAddress(url.hostname, host);
  }
}

function refusedAddress(hostname: string, address: string): LibraryHostRefusedError {
  return new LibraryHostRefusedError(
    `The host ${hostname} is at ${address}, a loopback, link-local or metadata address, where no library may be unless the host is listed by name in LIBRARY_ALLOWED_HOSTS`,
  );
}

const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);
const MAX_REDIRECTS = 5;

export interface GuardedFetchOptions {
  hosts: LibraryHosts;
  /** Longest wait to connect, for the answer's headers, and between two chunks of its body. */
  requestTimeoutMs: number;
}

/**
 * The only way a connector reaches a library: fetch that checks every address against the
 * allow-list (redirects too, dropping credentials on a redirect to another origin), resolves
 * names itself so the address it connects to is the one it checked, and fails with LibraryError
 * (a message for the user) when the library is unreachable or too slow.
 */
export function createGuardedFetch({ hosts, requestTimeoutMs }: GuardedFetchOptions): typeof fetch {
  // undici is imported at the first request: most servers never sync a library.
  let client: Promise<{ agent: Agent; fetch: typeof import('undici').fetch }> | undefined;
  const loadClient = async () => {
    const undici = await import('undici');
    const agent = new undici.Agent({
      headersTimeout: requestTimeoutMs,
      bodyTimeout: requestTimeoutMs,
      connect: {
        timeout: requestTimeoutMs,
        lookup: ((hostname, options, callback) => {
          dnsLookup(hostname, { ...options, all: true }, (error, addresses) => {
            if (error) return callback(error, '');
            const forbidden = hosts.isNamed(hostname) ? undefined : addresses.find(({ address }) => isForbiddenAddress(address));
            if (forbidden) return callback(refusedAddress(hostname, forbidden.address), '');
            if (options.all) return callback(null, addresses);
            const [first] = addresses;
            return first ? callback(null, first.address, first.family) : callback(Object.assign(new Error(`${hostname} has no address`), { code: 'ENOTFOUND' }), '');
          });
        }) satisfies LookupFunction,
      },
    });
    return { agent, fetch: undici.fetch };
  };

  const guarded = async (input: string | URL | Request, init: RequestInit = {}): Promise<Response> => {
    if (typeof input !== 'string' && !(input instanceof URL)) throw new TypeError('The guarded fetch takes a URL, not a Request');
    const { agent, fetch: undiciFetch } = await (client ??= loadClient());
    let url = new URL(input);
    let method = (init.method ?? 'GET').toUpperCase();
    let body = init.body;
    const headers = new Headers(init.headers);
    for (let redirects = 0; ; redirects += 1) {
      hosts.check(url);
      let response: Response;
      try {
        response = (await undiciFetch(url, {
          method,
          headers: Object.fromEntries(headers),
          body: body as UndiciRequestInit['body'],
          signal: init.signal ?? undefined,
          redirect: 'manual',
          dispatcher: agent,
        })) as unknown as Response;
      } catch (error) {
        throw libraryErrorFrom(error, url);
      }
      const location = response.headers.get('location');
      if (!REDIRECT_STATUSES.has(response.status) || !location) return response;
      await response.body?.cancel().catch(() => {});
      if (redirects >= MAX_REDIRECTS) throw new LibraryError(`The library at ${url.host} redirected more than ${MAX_REDIRECTS} times`, 'garbage');
      const next = new URL(location, url);
      // Credentials are for the library's own origin, never for wherever it points to.
      if (next.origin !== url.origin) {
        headers.delete('authorization');
        headers.delete('cookie');
      }
      if (response.status === 303 || ((response.status === 301 || response.status === 302) && method === 'POST')) {
        method = 'GET';
        body = undefined;
        headers.delete('content-type');
      }
      url = next;
    }
  };
  return guarded as typeof fetch;
}

function causes(error: unknown): unknown[] {
  const chain: unknown[] = [];
  for (let current = error; current !== undefined && current !== null && chain.length < 5; current = (current as { cause?: unknown }).cause) {
    chain.push(current);
  }
  return chain;
}

/**
 * A failed request or body read as LibraryError: the guard's refusal as it is, timeouts as
 * `timeout`, everything else as `unreachable` with the system's reason. The caller's own abort
 * (the user went away) is passed through unchanged.
 */
export function libraryErrorFrom(error: unknown, url: URL): Error {
  const chain = causes(error);
  const known = chain.find((item): item is LibraryError => item instanceof LibraryError);
  if (known) return known;
  const codes = chain.map((item) => (item as { code?: unknown }).code).filter((code): code is string => typeof code === 'string');
  const names = chain.map((item) => (item as { name?: unknown }).name);
  if (names.includes('TimeoutError') || codes.some((code) => /TIMEOUT/.test(code))) {
    return new LibraryError(`The library at ${url.host} did not answer in time`, 'timeout', { cause: error });
  }
  if (names.includes('AbortError') && error instanceof Error) return error;
  const innermost = chain[chain.length - 1];
  const reason = codes.find((code) => code !== 'UND_ERR_SOCKET') ?? codes[0] ?? (innermost instanceof Error && innermost !== error ? innermost.message : undefined);
  return new LibraryError(`The library at ${url.host} could not be reached${reason ? ` (${reason})` : ''}`, 'unreachable', { cause: error });
}
