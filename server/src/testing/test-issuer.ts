import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, SignJWT, type CryptoKey, type JWK, type JWTPayload } from 'jose';

interface SigningKey {
  kid: string;
  privateKey: CryptoKey;
  publicJwk: JWK;
}

/**
 * A stand-in OpenID issuer for server tests: real HTTP discovery and JWKS on a loopback port, and
 * real RS256 signatures, so the verifier under test runs exactly as against a production IdP.
 */
export class TestIssuer {
  private server: Server | undefined;
  private keys: SigningKey[] = [];
  issuer = '';
  jwksRequests = 0;

  static async start(): Promise<TestIssuer> {
    const issuer = new TestIssuer();
    await issuer.rotateKey();
    await issuer.listen();
    return issuer;
  }

  private async listen() {
    this.server = createServer((request, response) => {
      if (request.url === '/.well-known/openid-configuration') {
        response.setHeader('content-type', 'application/json');
        response.end(JSON.stringify({ issuer: this.issuer, jwks_uri: `${this.issuer}/jwks` }));
      } else if (request.url === '/jwks') {
        this.jwksRequests += 1;
        response.setHeader('content-type', 'application/json');
        response.end(JSON.stringify({ keys: this.keys.map((key) => key.publicJwk) }));
      } else {
        response.statusCode = 404;
        response.end();
      }
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    this.issuer = `http://127.0.0.1:${(this.server!.address() as AddressInfo).port}`;
  }

  /** Adds a new current key, as an IdP does when it rotates; older keys stay published. */
  async rotateKey(): Promise<string> {
    const { privateKey, publicKey } = await generateKeyPair('RS256');
    const kid = `key-${this.keys.length + 1}-${Date.now()}`;
    const publicJwk = { ...(await exportJWK(publicKey)), kid, alg: 'RS256', use: 'sig' };
    this.keys.push({ kid, privateKey, publicJwk });
    return kid;
  }

  get currentKid(): string {
    return this.keys.at(-1)!.kid;
  }

  /** Signs an access token; every claim and header can be overridden to build a bad one. */
  async sign(
    claims: JWTPayload & Record<string, unknown>,
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
    const key = this.keys.at(-1)!;
    const jwt = new SignJWT(claims)
      .setProtectedHeader({ alg: 'RS256', kid: options.kid ?? key.kid, typ: 'at+jwt' })
      .setIssuer(options.issuer ?? this.issuer)
      .setAudience(options.audience)
      .setIssuedAt();
    if (options.expiresIn !== null) jwt.setExpirationTime(options.expiresIn ?? '10m');
    return jwt.sign(options.signWith ?? key.privateKey);
  }

  async close() {
    await new Promise<void>((resolve) => this.server?.close(() => resolve()));
  }
}
