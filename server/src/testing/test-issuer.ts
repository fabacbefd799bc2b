import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, SignJWT, type CryptoKey, type JWK, type JWTPayload } from 'jose';

interface SigningKey {
  kid: string;
  privateKey: CryptoKey;
  publicJwk: JWK;
}

export interface TestIssuerOptions {
  /** Publish the issuer with a trailing slash (`http://127.0.0.1:<port>/`), as some providers do. */
  trailingSlash?: boolean;
  /** The introspection client's credentials (client_secret_basic). */
  introspectionClient?: { id: string; secret: string };
}

type Claims = JWTPayload & Record<string, unknown>;

/**
 * A stand-in OpenID issuer for server tests: real HTTP discovery, JWKS, RFC 7662 introspection
 * and userinfo on a loopback port, and real RS256 signatures, so the verifier under test runs
 * exactly as against a production IdP. Counters tell how often each endpoint was asked.
 */
export class TestIssuer {
  private server: Server | undefined;
  private keys: SigningKey[] = [];
  private readonly opaque = new Map<string, Claims | 'revoked'>();
  /** Userinfo answers by `sub` (beyond `sub` itself); unknown subs get `{ sub }` only. */
  readonly userinfo = new Map<string, Record<string, unknown>>();
  issuer = '';
  /** The issuer without a trailing slash: where the endpoints live. */
  base = '';
  jwksRequests = 0;
  introspectionRequests = 0;
  userinfoRequests = 0;
  /** Status the userinfo endpoint answers with instead of the claims (tests of failures). */
  userinfoStatus: number | undefined;
  readonly introspectionClient: { id: string; secret: string };

  private constructor(private readonly options: TestIssuerOptions) {
    this.introspectionClient = options.introspectionClient ?? { id: 'assistant-api', secret: 'introspection-secret' };
  }

  static async start(options: TestIssuerOptions = {}): Promise<TestIssuer> {
    const issuer = new TestIssuer(options);
    await issuer.rotateKey();
    await issuer.listen();
    return issuer;
  }

  private async listen() {
    this.server = createServer((request, response) => {
      void this.handle(request, response).catch(() => {
        response.statusCode = 500;
        response.end();
      });
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    this.base = `http://127.0.0.1:${(this.server!.address() as AddressInfo).port}`;
    this.issuer = this.options.trailingSlash ? `${this.base}/` : this.base;
  }

  private async handle(request: IncomingMessage, response: ServerResponse) {
    const json = (status: number, body: unknown) => {
      response.statusCode = status;
      response.setHeader('content-type', 'application/json');
      response.end(JSON.stringify(body));
    };
    const url = new URL(request.url ?? '/', this.base);
    if (url.pathname === '/.well-known/openid-configuration') {
      return json(200, {
        issuer: this.issuer,
        jwks_uri: `${this.base}/jwks`,
        introspection_endpoint: `${this.base}/introspect`,
        userinfo_endpoint: `${this.base}/userinfo`,
      });
    }
    if (url.pathname === '/jwks') {
      this.jwksRequests += 1;
      return json(200, { keys: this.keys.map((key) => key.publicJwk) });
    }
    if (url.pathname === '/introspect' && request.method === 'POST') {
      this.introspectionRequests += 1;
      const expected = `Basic ${Buffer.from(`${this.introspectionClient.id}:${this.introspectionClient.secret}`).toString('base64')}`;
      if (request.headers.authorization !== expected) return json(401, { error: 'invalid_client' });
      const token = new URLSearchParams(await readBody(request)).get('token') ?? '';
      const claims = this.opaque.get(token);
      const active = claims !== undefined && claims !== 'revoked' && (claims.exp === undefined || claims.exp > Date.now() / 1000);
      return json(200, active ? { active: true, iss: this.issuer, token_type: 'Bearer', ...claims } : { active: false });
    }
    if (url.pathname === '/userinfo') {
      this.userinfoRequests += 1;
      if (this.userinfoStatus) return json(this.userinfoStatus, { error: 'invalid_token' });
      const sub = await this.subjectOf(request.headers.authorization?.replace(/^Bearer /i, '') ?? '');
      if (!sub) return json(401, { error: 'invalid_token' });
      return json(200, { ...this.userinfo.get(sub), sub });
    }
    response.statusCode = 404;
    response.end();
  }

  /** The `sub` of a token this issuer made (opaque or JWT; the JWT's signature is not re-checked here). */
  private async subjectOf(token: string): Promise<string | undefined> {
    const opaque = this.opaque.get(token);
    if (opaque && opaque !== 'revoked') return opaque.sub;
    const payload = token.split('.')[1];
    if (!payload) return undefined;
    try {
      return (JSON.parse(Buffer.from(payload, 'base64url').toString()) as JWTPayload).sub;
    } catch {
      return undefined;
    }
  }

  /** Adds a new current key, as an IdP does when it rotates; older keys stay published. */
  async rotateKey(): Promise<string> {
    const { privateKey, publicKey } = await generateKeyPair('RS256');
    const kid = `key-${this.keys.length + 1}-${Date.now()}`;
    const publicJwk = { ...(await exportJWK(publicKey)), kid, alg: 'RS256', use: 'sig' };
    this.keys.push({ kid, privateKey, publicJwk });
    return kid;
  }

  /** Stops publishing a key (the provider retired it). */
  retireKey(kid: string) {
    this.keys = this.keys.filter((key) => key.kid !== kid);
  }

  get currentKid(): string {
    return this.keys.at(-1)!.kid;
  }

  /** Issues an opaque access token that the introspection endpoint knows (`exp` in 10 minutes unless given). */
  issueOpaque(claims: Claims): string {
    const token = randomBytes(24).toString('base64url');
    this.opaque.set(token, { exp: Math.floor(Date.now() / 1000) + 600, iat: Math.floor(Date.now() / 1000), ...claims });
    return token;
  }

  /** The introspection endpoint answers `active: false` for it from now on. */
  revokeOpaque(token: string) {
    this.opaque.set(token, 'revoked');
  }

  /** Signs an access token; every claim and header can be overridden to build a bad one. */
  async sign(
    claims: Claims,
    options: {
      audience: string;
      /** `null` leaves `exp` out. */
      expiresIn?: string | number | null;
      issuer?: string;
      kid?: string;
      signWith?: CryptoKey;
    } = {
      audience: 'urn:assistant:api',
    },
  ): Promise<string> {
    const key = options.kid ? (this.keys.find((k) => k.kid === options.kid) ?? this.keys.at(-1)!) : this.keys.at(-1)!;
    const jwt = new SignJWT(claims)
      .setProtectedHeader({ alg: 'RS256', kid: options.kid ?? key.kid, typ: 'at+jwt' })
      .setIssuer(options.issuer ?? this.issuer)
      .setAudience(options.audience)
      .setIssuedAt();
    if (options.expiresIn !== null) jwt.setExpirationTime(options.expiresIn ?? '10m');
    return jwt.sign(options.signWith ?? key.privateKey);
  }

  async close() {
    this.server?.closeAllConnections();
    await new Promise<void>((resolve) => this.server?.close(() => resolve()) ?? resolve());
  }
}

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString();
}
