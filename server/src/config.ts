import { resolve } from 'node:path';
import { CONFIG_DEFAULTS } from '@assistant/contracts';
import { z } from 'zod';

const repoRoot = resolve(import.meta.dirname, '../..');

const port = z.coerce.number().int().min(0).max(65535);
const origin = z.url().transform((u) => u.replace(/\/+$/, ''));
const list = z
  .string()
  .transform((s) => s.split(',').map((item) => item.trim()).filter(Boolean));

/**
 * Server configuration from the environment, parsed once at start (docs/configuration.md lists
 * every variable). A bad value stops the start with a readable list of what is wrong.
 */
const envSchema = z.object({
  HOST: z.string().default('127.0.0.1'),
  PORT: port.default(8081),
  PORTAL_ORIGIN: origin.default('http://localhost:8080'),
  DATA_DIR: z.string().default(resolve(repoRoot, '.data')),
  DATABASE_URL: z.url().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),

  OIDC_ISSUER: origin.optional(),
  OIDC_AUDIENCE: z.string().min(1).default('urn:assistant:api'),
  OIDC_CLIENT_ID: z.string().min(1).default('assistant-portal'),
  OIDC_ALGORITHMS: list.default(['RS256', 'PS256', 'ES256']).pipe(
    z.array(z.enum(['RS256', 'RS384', 'RS512', 'PS256', 'PS384', 'PS512', 'ES256', 'ES384', 'ES512', 'EdDSA'])).min(1),
  ),
  ROLES_CLAIM: z.string().min(1).default('roles'),
  ADMIN_ROLE: z.string().min(1).default('assistant-admin'),
  GROUPS_CLAIM: z.string().min(1).default('groups'),
  NUMINOUS_GROUP: z.string().min(1).default('numinous'),

  IDP_HOST: z.string().default('127.0.0.1'),
  IDP_PORT: port.default(8082),
  IDP_ISSUER: origin.optional(),

  SETTINGS_SEED_FILE: z.string().default(resolve(repoRoot, 'server/seed/settings.demo.json')),
  MAX_FILE_UPLOAD_MB: z.coerce.number().min(0).default(CONFIG_DEFAULTS.maxFileUploadSizeMB),
  MAX_AUDIO_UPLOAD_MB: z.coerce.number().min(0).default(CONFIG_DEFAULTS.maxAudioFileUploadSizeMB),
  REQUEST_TIMEOUT_SECONDS: z.coerce.number().min(0).default(CONFIG_DEFAULTS.requestTimeoutInSeconds),
  TASK_RESULT_EXPIRY_SECONDS: z.coerce.number().min(0).default(CONFIG_DEFAULTS.taskResultExpiryTime),
  OS_PROXY_URL: z.url().optional(),
});

export interface ServerConfig {
  host: string;
  port: number;
  portalOrigin: string;
  dataDir: string;
  databaseUrl: string | undefined;
  logLevel: string;
  auth: {
    issuer: string;
    audience: string;
    clientId: string;
    algorithms: string[];
    rolesClaim: string;
    adminRole: string;
    groupsClaim: string;
    numinousGroup: string;
  };
  /** Present when no company issuer is configured: the embedded dev identity provider runs. */
  devIdp: { host: string; port: number; issuer: string } | undefined;
  seedFile: string;
  limits: {
    maxFileUploadSizeMB: number;
    maxAudioFileUploadSizeMB: number;
    requestTimeoutInSeconds: number;
    taskResultExpiryTime: number;
    osProxyUrl: string | null;
  };
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  // An empty variable (`DATABASE_URL=`) means unset, as in most tools' .env handling.
  const set = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== undefined && value !== ''));
  const parsed = envSchema.safeParse(set);
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map((issue) => `${issue.path.join('.') || '(environment)'}: ${issue.message}`),
    );
  }
  const e = parsed.data;
  const devIdp = e.OIDC_ISSUER
    ? undefined
    : { host: e.IDP_HOST, port: e.IDP_PORT, issuer: e.IDP_ISSUER ?? `http://localhost:${e.IDP_PORT}` };
  return {
    host: e.HOST,
    port: e.PORT,
    portalOrigin: e.PORTAL_ORIGIN,
    dataDir: resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    logLevel: e.LOG_LEVEL,
    auth: {
      issuer: e.OIDC_ISSUER ?? devIdp!.issuer,
      audience: e.OIDC_AUDIENCE,
      clientId: e.OIDC_CLIENT_ID,
      algorithms: e.OIDC_ALGORITHMS,
      rolesClaim: e.ROLES_CLAIM,
      adminRole: e.ADMIN_ROLE,
      groupsClaim: e.GROUPS_CLAIM,
      numinousGroup: e.NUMINOUS_GROUP,
    },
    devIdp,
    seedFile: resolve(e.SETTINGS_SEED_FILE),
    limits: {
      maxFileUploadSizeMB: e.MAX_FILE_UPLOAD_MB,
      maxAudioFileUploadSizeMB: e.MAX_AUDIO_UPLOAD_MB,
      requestTimeoutInSeconds: e.REQUEST_TIMEOUT_SECONDS,
      taskResultExpiryTime: e.TASK_RESULT_EXPIRY_SECONDS,
      osProxyUrl: e.OS_PROXY_URL ?? null,
    },
  };
}
