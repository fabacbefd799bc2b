import { loadConfig, type ServerConfig } from '../config';

/**
 * The server's configuration as tests use it: defaults, pointed at a test issuer, quiet, and with
 * no model or translation engine (no detection of a local Ollama) unless `env` names one.
 */
export function testConfig(issuer: string, env: NodeJS.ProcessEnv = {}): ServerConfig {
  return loadConfig({ OIDC_ISSUER: issuer, LOG_LEVEL: 'silent', DATA_DIR: '/nonexistent', OLLAMA_URL: '', ...env });
}
