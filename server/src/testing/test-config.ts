import { loadConfig, type ServerConfig } from '../config';

/** The server's configuration as tests use it: defaults, pointed at a test issuer, quiet. */
export function testConfig(issuer: string, env: NodeJS.ProcessEnv = {}): ServerConfig {
  return loadConfig({ OIDC_ISSUER: issuer, LOG_LEVEL: 'silent', DATA_DIR: '/nonexistent', ...env });
}
