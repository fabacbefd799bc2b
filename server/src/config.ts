import { resolve } from 'node:path';
import { CONFIG_DEFAULTS, LANGUAGE_CODE_PATTERN, RESEARCH_MAX_TASKS_LIMIT, TRANSLATE_MAX_CHARACTERS } from '@assistant/contracts';
import { z } from 'zod';

const repoRoot = resolve(import.meta.dirname, '../..');

const port = z.coerce.number().int().min(0).max(65535);
const origin = z.url().transform((u) => u.replace(/\/+$/, ''));
const list = z
  .string()
  .transform((s) => s.split(',').map((item) => item.trim()).filter(Boolean));
/** A base URL whose path matters (`https://host/v1`): only trailing slashes go. */
const baseUrl = z.url({ protocol: /^https?$/, message: 'Must be an http(s) URL' }).transform((u) => u.replace(/\/+$/, ''));

/**
 * OTEL_EXPORTER_OTLP_HEADERS: `key=value` pairs separated by commas, values URL-encoded (the
 * OpenTelemetry specification's format), for example `authorization=Bearer%20abc,x-scope-orgid=1`.
 */
const otlpHeaders = z.string().transform((value, ctx): Record<string, string> => {
  const headers: Record<string, string> = {};
  for (const pair of value.split(',').map((item) => item.trim()).filter(Boolean)) {
    const at = pair.indexOf('=');
    const key = at > 0 ? pair.slice(0, at).trim() : '';
    if (!key) {
      ctx.addIssue({ code: 'custom', message: 'Must be key=value pairs separated by commas' });
      return z.NEVER;
    }
    try {
      headers[key] = decodeURIComponent(pair.slice(at + 1).trim());
    } catch {
      headers[key] = pair.slice(at + 1).trim();
    }
  }
  return headers;
});

/** Languages an LLM engine offers when TRANSLATION_LLM_LANGUAGES is unset: the EU's big ones and the world's. */
export const DEFAULT_LLM_LANGUAGES = [
  'de', 'en', 'fr', 'es', 'it', 'pt', 'nl', 'pl', 'cs', 'sk', 'hu', 'ro', 'bg', 'hr', 'el',
  'sv', 'da', 'fi', 'nb', 'uk', 'ru', 'tr', 'ar', 'zh', 'ja', 'ko',
];
/**
 * The context window (prompt and answer, in tokens) assumed for a model when MODEL_CONTEXT_TOKENS
 * and MODEL_CONTEXT_TOKENS_BY_MODEL name none: small enough for most served models, so a long
 * document is split rather than refused.
 */
export const DEFAULT_MODEL_CONTEXT_TOKENS = 8192;
/** The smallest context window accepted: below it the instructions and a part's answer leave no room for text. */
export const MIN_MODEL_CONTEXT_TOKENS = 2048;

const contextTokens = z.coerce
  .number()
  .int('Must be a whole number of tokens')
  .min(MIN_MODEL_CONTEXT_TOKENS, `Must be at least ${MIN_MODEL_CONTEXT_TOKENS} tokens`);

/** MODEL_CONTEXT_TOKENS_BY_MODEL: `model=tokens` pairs separated by commas (model names may hold `:` and `/`). */
const contextTokensByModel = z.string().transform((value, ctx): Record<string, number> => {
  const byModel: Record<string, number> = {};
  for (const pair of value.split(',').map((item) => item.trim()).filter(Boolean)) {
    const at = pair.lastIndexOf('=');
    const model = at > 0 ? pair.slice(0, at).trim() : '';
    const tokens = contextTokens.safeParse(at > 0 ? pair.slice(at + 1).trim() : '');
    if (!model || !tokens.success) {
      ctx.addIssue({
        code: 'custom',
        message: `Must be model=tokens pairs separated by commas, each at least ${MIN_MODEL_CONTEXT_TOKENS} tokens (not: ${pair})`,
      });
      return z.NEVER;
    }
    byModel[model] = tokens.data;
  }
  return byModel;
});

/** `max_tokens` of a model call when MODEL_MAX_TOKENS is unset (room for a long answer with reasoning). */
export const DEFAULT_MODEL_MAX_TOKENS = 8192;
/**
 * Most characters of one answer (text and reasoning) the server reads and keeps, when
 * MAX_ANSWER_CHARACTERS is unset: a backstop for endpoints that ignore `max_tokens`.
 */
export const DEFAULT_MAX_ANSWER_CHARACTERS = 200_000;

/**
 * TRUST_PROXY: which proxies in front of the API may set X-Forwarded-For/-Proto/-Host. A hop
 * count (`1`) or a comma list of addresses, CIDR ranges and the names `loopback`, `linklocal`,
 * `uniquelocal`. Unset: none, so a client cannot claim another address.
 */
const trustProxy = z
  .string()
  .trim()
  .transform((value, ctx): number | string[] => {
    if (/^\d+$/.test(value)) return Number(value);
    const items = value.split(',').map((item) => item.trim()).filter(Boolean);
    const valid = /^(loopback|linklocal|uniquelocal|[0-9a-fA-F.:]+(\/\d{1,3})?)$/;
    const wrong = items.filter((item) => !valid.test(item));
    if (items.length === 0 || wrong.length > 0 || items.includes('true')) {
      ctx.addIssue({
        code: 'custom',
        message: `Must be a hop count or a comma list of proxy addresses, CIDR ranges or loopback/linklocal/uniquelocal${wrong.length ? ` (not: ${wrong.join(', ')})` : ''}`,
      });
      return z.NEVER;
    }
    return items;
  });

/** The passage text one grounded answer gets when QA_MAX_CHARACTERS is unset. */
export const DEFAULT_QA_MAX_CHARACTERS = 24_000;

/** How long one transcription may take when TRANSCRIPTION_TIMEOUT_SECONDS is unset (a long recording takes minutes). */
export const DEFAULT_TRANSCRIPTION_TIMEOUT_SECONDS = 600;

/** Where a local Ollama answers when OLLAMA_URL is unset. */
export const DEFAULT_OLLAMA_URL = 'http://127.0.0.1:11434';

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
  TRUST_PROXY: trustProxy.optional(),
  // Server processes sharing PORT (server/src/cluster): default 1 on PGlite, the cores with DATABASE_URL.
  WEB_CONCURRENCY: z.coerce.number().int().min(1).max(256).optional(),

  // Used exactly as given: a trailing slash is part of some providers' issuer (auth/discovery.ts).
  OIDC_ISSUER: z.url({ protocol: /^https?$/, message: 'Must be an http(s) URL' }).optional(),
  OIDC_AUDIENCE: z.string().min(1).default('urn:assistant:api'),
  OIDC_CLIENT_ID: z.string().min(1).default('assistant-portal'),
  OIDC_ALGORITHMS: list.default(['RS256', 'PS256', 'ES256']).pipe(
    z.array(z.enum(['RS256', 'RS384', 'RS512', 'PS256', 'PS384', 'PS512', 'ES256', 'ES384', 'ES512', 'EdDSA'])).min(1),
  ),
  ROLES_CLAIM: z.string().min(1).default('roles'),
  ADMIN_ROLE: z.string().min(1).default('assistant-admin'),
  GROUPS_CLAIM: z.string().min(1).default('groups'),
  NUMINOUS_GROUP: z.string().min(1).default('numinous'),
  OIDC_TOKEN_FORMAT: z.enum(['jwt', 'opaque', 'auto']).default('auto'),
  OIDC_CLAIMS_SOURCE: z.enum(['token', 'userinfo', 'auto']).default('auto'),
  OIDC_INTROSPECTION_CLIENT_ID: z.string().min(1).optional(),
  OIDC_INTROSPECTION_CLIENT_SECRET: z.string().min(1).optional(),
  OIDC_INTROSPECTION_CHECK_AUDIENCE: z.enum(['on', 'off']).default('on'),

  DEV_IDP: z.enum(['on', 'off']).default('off'),
  IDP_HOST: z.string().default('127.0.0.1'),
  IDP_PORT: port.default(8082),
  IDP_ISSUER: origin.optional(),
  DEV_IDP_ACCESS_TOKEN_TTL: z.coerce.number().int().min(1).optional(),
  DEV_IDP_KEY_ROTATION_SECONDS: z.coerce.number().int().min(1).optional(),

  SETTINGS_SEED_FILE: z.string().default(resolve(repoRoot, 'server/seed/settings.demo.json')),
  MAX_FILE_UPLOAD_MB: z.coerce.number().min(0).default(CONFIG_DEFAULTS.maxFileUploadSizeMB),
  MAX_AUDIO_UPLOAD_MB: z.coerce.number().min(0).default(CONFIG_DEFAULTS.maxAudioFileUploadSizeMB),
  REQUEST_TIMEOUT_SECONDS: z.coerce.number().min(0).default(CONFIG_DEFAULTS.requestTimeoutInSeconds),
  TASK_RESULT_EXPIRY_SECONDS: z.coerce.number().min(0).default(CONFIG_DEFAULTS.taskResultExpiryTime),
  OS_PROXY_URL: z.url().optional(),

  OPENAI_BASE_URL: baseUrl.optional(),
  OPENAI_API_KEY: z.string().optional(),
  OPENAI_MODEL: list.optional(),
  OLLAMA_URL: baseUrl.default(DEFAULT_OLLAMA_URL),
  MODEL_MAX_TOKENS: z.coerce.number().int().min(1).default(DEFAULT_MODEL_MAX_TOKENS),
  MAX_ANSWER_CHARACTERS: z.coerce.number().int().min(1).default(DEFAULT_MAX_ANSWER_CHARACTERS),
  // Context windows, for splitting long documents (docs/use-cases.md#long-documents).
  MODEL_CONTEXT_TOKENS: contextTokens.default(DEFAULT_MODEL_CONTEXT_TOKENS),
  MODEL_CONTEXT_TOKENS_BY_MODEL: contextTokensByModel.optional(),
  // Embeddings for hybrid search (docs/search.md); no model: full-text search alone.
  EMBEDDINGS_MODEL: z.string().trim().min(1).optional(),
  EMBEDDINGS_BATCH_SIZE: z.coerce.number().int().min(1).max(2048).default(64),
  EMBEDDINGS_TIMEOUT_SECONDS: z.coerce.number().min(0).default(60),
  EMBEDDINGS_QUERY_TIMEOUT_MS: z.coerce.number().int().min(1).default(3000),
  // Transcription (docs/use-cases.md); no model: no transcription offered.
  TRANSCRIPTION_MODEL: z.string().trim().min(1).optional(),
  TRANSCRIPTION_BASE_URL: baseUrl.optional(),
  TRANSCRIPTION_API_KEY: z.string().optional(),
  TRANSCRIPTION_TIMEOUT_SECONDS: z.coerce.number().min(0).default(DEFAULT_TRANSCRIPTION_TIMEOUT_SECONDS),
  DEEPL_API_KEY: z.string().optional(),
  DEEPL_API_URL: baseUrl.optional(),
  LIBRETRANSLATE_URL: baseUrl.optional(),
  LIBRETRANSLATE_API_KEY: z.string().optional(),
  TRANSLATION_LLM_LANGUAGES: list
    .pipe(z.array(z.string().regex(LANGUAGE_CODE_PATTERN, 'Each entry must be a language code such as de or en-GB')).min(1))
    .optional(),
  TRANSLATE_MAX_CHARACTERS: z.coerce
    .number()
    .int()
    .min(1)
    .max(TRANSLATE_MAX_CHARACTERS, `Must not be above ${TRANSLATE_MAX_CHARACTERS} (the contract's limit)`)
    .default(TRANSLATE_MAX_CHARACTERS),

  // Question answering (docs/qa.md).
  QA_MAX_CHARACTERS: z.coerce.number().int().min(1).default(DEFAULT_QA_MAX_CHARACTERS),
  QA_DOCUMENT_MODELS: list.optional(),

  // Per-user limits (docs/limits.md); 0 turns one off.
  MODEL_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(0).default(30),
  MAX_CONCURRENT_STREAMS_PER_USER: z.coerce.number().int().min(0).default(4),
  MAX_PENDING_JOBS_PER_USER: z.coerce.number().int().min(0).default(50),

  // Tools in chat (docs/tools.md).
  CHAT_TOOLS: z.enum(['on', 'off']).default('on'),
  TOOL_MAX_STEPS: z.coerce.number().int().min(1).max(20).default(5),
  TOOL_LOOP_TIMEOUT_SECONDS: z.coerce.number().min(1).default(120),
  TOOL_TIMEOUT_SECONDS: z.coerce.number().min(1).default(30),
  WEB_SEARCH_URL: z.url({ protocol: /^https?$/, message: 'Must be an http(s) URL to which the query is appended' }).optional(),
  WEB_SEARCH_TIMEOUT_SECONDS: z.coerce.number().min(1).default(10),

  // Deep research (docs/deep-research.md).
  RESEARCH_MAX_CONCURRENT_PER_USER: z.coerce.number().int().min(0).default(2),
  RESEARCH_MAX_TASKS: z.coerce.number().int().min(1).max(RESEARCH_MAX_TASKS_LIMIT).default(8),
  RESEARCH_MAX_TOOL_CALLS_PER_TASK: z.coerce.number().int().min(1).max(50).default(6),
  RESEARCH_TASK_CONCURRENCY: z.coerce.number().int().min(1).max(20).default(4),
  RESEARCH_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(10).default(2),
  RESEARCH_TASK_TIMEOUT_SECONDS: z.coerce.number().min(1).default(180),

  // Telemetry (docs/observability.md): the standard OpenTelemetry variables, and Prometheus metrics.
  OTEL_SDK_DISABLED: z.enum(['true', 'false']).optional(),
  OTEL_EXPORTER_OTLP_ENDPOINT: baseUrl.optional(),
  OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: z.url({ protocol: /^https?$/, message: 'Must be an http(s) URL' }).optional(),
  OTEL_EXPORTER_OTLP_HEADERS: otlpHeaders.optional(),
  OTEL_EXPORTER_OTLP_TRACES_HEADERS: otlpHeaders.optional(),
  OTEL_SERVICE_NAME: z.string().trim().min(1).default('assistant-server'),
  METRICS_PORT: port.optional(),
  METRICS_HOST: z.string().min(1).default('127.0.0.1'),
  METRICS_TOKEN: z.string().min(16, 'Must be at least 16 characters (a random secret)').optional(),
});

export interface ServerConfig {
  host: string;
  port: number;
  portalOrigin: string;
  dataDir: string;
  databaseUrl: string | undefined;
  logLevel: string;
  /** Proxies whose X-Forwarded-* headers count (Fastify's `trustProxy`); false: none. */
  trustProxy: false | number | string[];
  /** WEB_CONCURRENCY as given (undefined: unset); cluster/process-count.ts decides the processes. */
  webConcurrency: number | undefined;
  auth: {
    issuer: string;
    audience: string;
    clientId: string;
    algorithms: string[];
    rolesClaim: string;
    adminRole: string;
    groupsClaim: string;
    numinousGroup: string;
    /** OIDC_TOKEN_FORMAT: JWTs checked locally, opaque tokens introspected, or `auto` (by their shape). */
    tokenFormat: 'jwt' | 'opaque' | 'auto';
    /** OIDC_CLAIMS_SOURCE: roles and groups from the token, from userinfo, or `auto` (userinfo fills what the token lacks). */
    claimsSource: 'token' | 'userinfo' | 'auto';
    /** RFC 7662 introspection client (OIDC_INTROSPECTION_*); undefined: opaque tokens are refused. */
    introspection: { clientId: string; clientSecret: string; checkAudience: boolean } | undefined;
  };
  /**
   * Present only with DEV_IDP=on (and no OIDC_ISSUER): the embedded dev identity provider runs.
   * `accessTokenTtlSeconds` and `keyRotationSeconds` undefined: its defaults (15 min, no rotation).
   */
  devIdp:
    | { host: string; port: number; issuer: string; accessTokenTtlSeconds?: number; keyRotationSeconds?: number }
    | undefined;
  seedFile: string;
  limits: {
    maxFileUploadSizeMB: number;
    maxAudioFileUploadSizeMB: number;
    requestTimeoutInSeconds: number;
    taskResultExpiryTime: number;
    osProxyUrl: string | null;
  };
  /** The OpenAI-compatible model endpoint (docs/translation.md). */
  inference: {
    /** OPENAI_BASE_URL; unset: a local Ollama is looked for at `ollamaUrl`. */
    baseUrl: string | undefined;
    apiKey: string | undefined;
    /** OPENAI_MODEL: the models offered (first is the default); undefined: every model the endpoint lists. */
    models: string[] | undefined;
    /** Where to look for Ollama when no base URL is set; undefined: no detection (OLLAMA_URL=''). */
    ollamaUrl: string | undefined;
    /** Per upstream call, from REQUEST_TIMEOUT_SECONDS; 0 means no limit. */
    timeoutMs: number;
    /** `max_tokens` of every model call (MODEL_MAX_TOKENS); a caller may ask for fewer. */
    maxTokens: number;
    /** Most characters of one answer read from the model (MAX_ANSWER_CHARACTERS). */
    maxAnswerCharacters: number;
    /**
     * The context window of each model in tokens (prompt and answer together): MODEL_CONTEXT_TOKENS
     * for every model, MODEL_CONTEXT_TOKENS_BY_MODEL for the models it names.
     */
    contextTokens: { default: number; byModel: Readonly<Record<string, number>> };
  };
  /** Embeddings for hybrid search (docs/search.md). */
  embeddings: {
    /** EMBEDDINGS_MODEL; undefined: no vectors, full-text search alone. */
    model: string | undefined;
    /** Passages per `/embeddings` request (EMBEDDINGS_BATCH_SIZE). */
    batchSize: number;
    /** Per batch request (EMBEDDINGS_TIMEOUT_SECONDS); 0 means no limit. */
    timeoutMs: number;
    /** The query's embedding at search time (EMBEDDINGS_QUERY_TIMEOUT_MS); past it the search runs without vectors. */
    queryTimeoutMs: number;
  };
  /** Speech to text through an OpenAI-compatible `/audio/transcriptions` endpoint (docs/use-cases.md). */
  transcription: {
    /** TRANSCRIPTION_MODEL; undefined: no transcription (GET /api/transcriptions/config says unavailable). */
    model: string | undefined;
    /** TRANSCRIPTION_BASE_URL, else OPENAI_BASE_URL; undefined: no transcription. */
    baseUrl: string | undefined;
    /** TRANSCRIPTION_API_KEY, else OPENAI_API_KEY. */
    apiKey: string | undefined;
    /** TRANSCRIPTION_TIMEOUT_SECONDS per transcription; 0 means no limit. */
    timeoutMs: number;
  };
  translation: {
    deepl: { apiKey: string; apiUrl: string } | undefined;
    libreTranslate: { url: string; apiKey: string | undefined } | undefined;
    llmLanguages: string[];
    /** Longest text of one translate or easy-language call (at most the contract's limit). */
    maxCharacters: number;
  };
  /** Question answering over documents (docs/qa.md). */
  qa: {
    /** QA_MAX_CHARACTERS: the passage text one grounded answer gets (each model's `max_characters`). */
    maxCharacters: number;
    /** QA_DOCUMENT_MODELS: models that answer over one whole document (`mode: 'document'`). */
    documentModels: string[];
  };
  /** Tools the chat model may call (docs/tools.md). */
  tools: {
    /** CHAT_TOOLS: chat answers may call the built-in tools (when the endpoint accepts tools). */
    chat: boolean;
    /** TOOL_MAX_STEPS: rounds of tool calls per answer. */
    maxSteps: number;
    /** TOOL_LOOP_TIMEOUT_SECONDS: the tool rounds of one answer together. */
    loopTimeMs: number;
    /** TOOL_TIMEOUT_SECONDS: one call, unless its tool names its own. */
    callTimeMs: number;
    /** WEB_SEARCH_URL (a SearXNG-compatible JSON endpoint; the query is appended); undefined: no web_search tool. */
    webSearch: { url: string; timeoutMs: number } | undefined;
  };
  /** Per-user limits (http/user-limits.ts, docs/limits.md); 0 is off. */
  userLimits: {
    /** Calls of the model-backed routes per user and minute, over all of them. */
    modelCallsPerMinute: number;
    /** Model-backed calls (streams) of one user in progress at once. */
    concurrentStreams: number;
    /** Unfinished ingestion jobs of one user before an upload is refused. */
    pendingJobs: number;
  };
  /** Deep research runs (research/research-jobs.ts ResearchLimits, docs/deep-research.md). */
  research: {
    /** RESEARCH_MAX_CONCURRENT_PER_USER: runs of one user working at once (0: no limit). */
    maxConcurrentPerUser: number;
    /** RESEARCH_MAX_TASKS: tasks one plan may have. */
    maxTasks: number;
    /** RESEARCH_MAX_TOOL_CALLS_PER_TASK. */
    maxToolCallsPerTask: number;
    /** RESEARCH_TASK_CONCURRENCY: tasks of one run working at once. */
    taskConcurrency: number;
    /** RESEARCH_MAX_ATTEMPTS: claims of one research job (restarts) before the run fails with the reason. */
    maxAttempts: number;
    /** RESEARCH_TASK_TIMEOUT_SECONDS: the tool rounds of one task together. */
    taskTimeMs: number;
  };
  /** Traces and metrics (telemetry/, docs/observability.md). */
  telemetry: {
    /** Present when OTEL_EXPORTER_OTLP_(TRACES_)ENDPOINT is set (and OTEL_SDK_DISABLED is not true). */
    tracing: { serviceName: string; tracesUrl: string; headers: Record<string, string> } | undefined;
    metrics: {
      /** METRICS_PORT: a listener of its own for GET /metrics. */
      port: number | undefined;
      /** METRICS_HOST: where that listener listens (127.0.0.1). */
      host: string;
      /** METRICS_TOKEN: GET /metrics on the API port behind this bearer token. */
      token: string | undefined;
    };
  };
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** Which identity provider: the company's (OIDC_ISSUER) or, asked for, the dev one; never by omission. */
function identityProviderProblems(e: z.infer<typeof envSchema>): string[] {
  const problems: string[] = [];
  if (!e.OIDC_ISSUER && e.DEV_IDP !== 'on') {
    problems.push(
      'OIDC_ISSUER: Set it to the issuer URL of your identity provider (or DEV_IDP=on to run the embedded development provider, for local development only)',
    );
  }
  if (e.OIDC_ISSUER && e.DEV_IDP === 'on') {
    problems.push('DEV_IDP: Must not be on when OIDC_ISSUER is set (the development provider never runs beside a company provider)');
  }
  if (Boolean(e.OIDC_INTROSPECTION_CLIENT_ID) !== Boolean(e.OIDC_INTROSPECTION_CLIENT_SECRET)) {
    problems.push('OIDC_INTROSPECTION_CLIENT_ID: Set together with OIDC_INTROSPECTION_CLIENT_SECRET, or neither');
  }
  if (e.OIDC_TOKEN_FORMAT === 'opaque' && !(e.OIDC_INTROSPECTION_CLIENT_ID && e.OIDC_INTROSPECTION_CLIENT_SECRET)) {
    problems.push('OIDC_TOKEN_FORMAT: opaque needs OIDC_INTROSPECTION_CLIENT_ID and OIDC_INTROSPECTION_CLIENT_SECRET');
  }
  return problems;
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
  const authProblems = identityProviderProblems(e);
  if (authProblems.length > 0) throw new ConfigError(authProblems);
  const devIdp =
    e.DEV_IDP === 'on'
      ? {
          host: e.IDP_HOST,
          port: e.IDP_PORT,
          issuer: e.IDP_ISSUER ?? `http://localhost:${e.IDP_PORT}`,
          ...(e.DEV_IDP_ACCESS_TOKEN_TTL ? { accessTokenTtlSeconds: e.DEV_IDP_ACCESS_TOKEN_TTL } : {}),
          ...(e.DEV_IDP_KEY_ROTATION_SECONDS ? { keyRotationSeconds: e.DEV_IDP_KEY_ROTATION_SECONDS } : {}),
        }
      : undefined;
  const introspection =
    e.OIDC_INTROSPECTION_CLIENT_ID && e.OIDC_INTROSPECTION_CLIENT_SECRET
      ? {
          clientId: e.OIDC_INTROSPECTION_CLIENT_ID,
          clientSecret: e.OIDC_INTROSPECTION_CLIENT_SECRET,
          checkAudience: e.OIDC_INTROSPECTION_CHECK_AUDIENCE === 'on',
        }
      : undefined;
  return {
    host: e.HOST,
    port: e.PORT,
    portalOrigin: e.PORTAL_ORIGIN,
    dataDir: resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    logLevel: e.LOG_LEVEL,
    trustProxy: e.TRUST_PROXY ?? false,
    webConcurrency: e.WEB_CONCURRENCY,
    auth: {
      issuer: e.OIDC_ISSUER ?? devIdp!.issuer,
      audience: e.OIDC_AUDIENCE,
      clientId: e.OIDC_CLIENT_ID,
      algorithms: e.OIDC_ALGORITHMS,
      rolesClaim: e.ROLES_CLAIM,
      adminRole: e.ADMIN_ROLE,
      groupsClaim: e.GROUPS_CLAIM,
      numinousGroup: e.NUMINOUS_GROUP,
      tokenFormat: e.OIDC_TOKEN_FORMAT,
      claimsSource: e.OIDC_CLAIMS_SOURCE,
      introspection,
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
    inference: {
      baseUrl: e.OPENAI_BASE_URL,
      apiKey: e.OPENAI_API_KEY,
      models: e.OPENAI_MODEL?.length ? e.OPENAI_MODEL : undefined,
      // Unlike other variables, an empty OLLAMA_URL is meaningful: it turns detection off.
      ollamaUrl: env.OLLAMA_URL === '' ? undefined : e.OLLAMA_URL,
      timeoutMs: e.REQUEST_TIMEOUT_SECONDS * 1000,
      maxTokens: e.MODEL_MAX_TOKENS,
      maxAnswerCharacters: e.MAX_ANSWER_CHARACTERS,
      contextTokens: { default: e.MODEL_CONTEXT_TOKENS, byModel: e.MODEL_CONTEXT_TOKENS_BY_MODEL ?? {} },
    },
    embeddings: {
      model: e.EMBEDDINGS_MODEL,
      batchSize: e.EMBEDDINGS_BATCH_SIZE,
      timeoutMs: e.EMBEDDINGS_TIMEOUT_SECONDS * 1000,
      queryTimeoutMs: e.EMBEDDINGS_QUERY_TIMEOUT_MS,
    },
    transcription: {
      model: e.TRANSCRIPTION_MODEL,
      baseUrl: e.TRANSCRIPTION_BASE_URL ?? e.OPENAI_BASE_URL,
      apiKey: e.TRANSCRIPTION_API_KEY ?? e.OPENAI_API_KEY,
      timeoutMs: e.TRANSCRIPTION_TIMEOUT_SECONDS * 1000,
    },
    translation: {
      deepl: e.DEEPL_API_KEY
        ? {
            apiKey: e.DEEPL_API_KEY,
            // DeepL's free keys end in ":fx" and work only against the free API's host.
            apiUrl: e.DEEPL_API_URL ?? (e.DEEPL_API_KEY.endsWith(':fx') ? 'https://api-free.deepl.com' : 'https://api.deepl.com'),
          }
        : undefined,
      libreTranslate: e.LIBRETRANSLATE_URL ? { url: e.LIBRETRANSLATE_URL, apiKey: e.LIBRETRANSLATE_API_KEY } : undefined,
      llmLanguages: e.TRANSLATION_LLM_LANGUAGES ?? DEFAULT_LLM_LANGUAGES,
      maxCharacters: e.TRANSLATE_MAX_CHARACTERS,
    },
    qa: {
      maxCharacters: e.QA_MAX_CHARACTERS,
      documentModels: e.QA_DOCUMENT_MODELS ?? [],
    },
    tools: {
      chat: e.CHAT_TOOLS === 'on',
      maxSteps: e.TOOL_MAX_STEPS,
      loopTimeMs: e.TOOL_LOOP_TIMEOUT_SECONDS * 1000,
      callTimeMs: e.TOOL_TIMEOUT_SECONDS * 1000,
      webSearch: e.WEB_SEARCH_URL ? { url: e.WEB_SEARCH_URL, timeoutMs: e.WEB_SEARCH_TIMEOUT_SECONDS * 1000 } : undefined,
    },
    userLimits: {
      modelCallsPerMinute: e.MODEL_RATE_LIMIT_PER_MINUTE,
      concurrentStreams: e.MAX_CONCURRENT_STREAMS_PER_USER,
      pendingJobs: e.MAX_PENDING_JOBS_PER_USER,
    },
    research: {
      maxConcurrentPerUser: e.RESEARCH_MAX_CONCURRENT_PER_USER,
      maxTasks: e.RESEARCH_MAX_TASKS,
      maxToolCallsPerTask: e.RESEARCH_MAX_TOOL_CALLS_PER_TASK,
      taskConcurrency: e.RESEARCH_TASK_CONCURRENCY,
      maxAttempts: e.RESEARCH_MAX_ATTEMPTS,
      taskTimeMs: e.RESEARCH_TASK_TIMEOUT_SECONDS * 1000,
    },
    telemetry: {
      // The traces URL as the OpenTelemetry specification builds it: the signal's own variable
      // as given, else the base endpoint with /v1/traces.
      tracing:
        e.OTEL_SDK_DISABLED !== 'true' && (e.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT || e.OTEL_EXPORTER_OTLP_ENDPOINT)
          ? {
              serviceName: e.OTEL_SERVICE_NAME,
              tracesUrl: e.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT ?? `${e.OTEL_EXPORTER_OTLP_ENDPOINT}/v1/traces`,
              headers: { ...e.OTEL_EXPORTER_OTLP_HEADERS, ...e.OTEL_EXPORTER_OTLP_TRACES_HEADERS },
            }
          : undefined,
      metrics: { port: e.METRICS_PORT, host: e.METRICS_HOST, token: e.METRICS_TOKEN },
    },
  };
}
