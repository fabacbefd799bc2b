import { loadConfig, type ServerConfig } from '../config';

/**
 * The server's configuration as tests use it: defaults, pointed at a test issuer, quiet, and with
 * no model or translation engine (no detection of a local Ollama) unless `env` names one. The
 * per-user limits are off (a suite makes far more calls a minute than a person) unless `env` sets
 * them.
 */
export function testConfig(issuer: string, env: NodeJS.ProcessEnv = {}): ServerConfig {
  return loadConfig({
    OIDC_ISSUER: issuer,
    LOG_LEVEL: 'silent',
    DATA_DIR: '/nonexistent',
    OLLAMA_URL: '',
    MODEL_RATE_LIMIT_PER_MINUTE: '0',
    MAX_CONCURRENT_STREAMS_PER_USER: '0',
    MAX_PENDING_JOBS_PER_USER: '0',
    // A fixed key, so any test can connect a document library (it encrypts nothing real).
    LIBRARY_SECRET_KEYS: 'test:dGVzdC1rZXktb2YtMzItYnl0ZXMtZm9yLWxpYnJhcnk=',
    ...env,
  });
}
