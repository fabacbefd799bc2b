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
/** GROUP_NAMES: `{"<group id>": "<name>", ...}`. */
const groupNames = z.string().transform((value, ctx): Record<string, string> => {
  let parsed: unknown;
  try {
    parsed = JSON.parse(value);
  } catch {
    parsed = undefined;
  }
  const names = z.record(z.string().min(1), z.string().trim().min(1).max(100)).safeParse(parsed);
  if (!names.success || Array.isArray(parsed)) {
    ctx.addIssue({ code: 'custom', message: 'Must be a JSON object of group id to name, for example {"0b4c…": "Finance"}' });
    return z.NEVER;
  }
  return names.data;
});

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

/** An http(s) URL, `fallback` when unset, or '' to turn the feature off (undefined). */
const urlOrOff = (fallback: string) =>
  z
    .string()
    .default(fallback)
    .transform((value) => value || undefined)
    .pipe(baseUrl.optional());

/**
 * LIBRARY_SECRET_KEYS: `id:key` pairs separated by commas, each key 32 random bytes in base64
 * (`openssl rand -base64 32`). The first encrypts library credentials, every one decrypts (key
 * rotation: docs/document-libraries.md). A problem names the entry, never its key.
 */
const librarySecretKeys = z.string().transform((value, ctx): [{ id: string; key: Buffer }, ...{ id: string; key: Buffer }[]] => {
  const keys: { id: string; key: Buffer }[] = [];
  const entries = value.split(',').map((item) => item.trim()).filter(Boolean);
  for (const [index, pair] of entries.entries()) {
    const at = pair.indexOf(':');
    const id = at > 0 ? pair.slice(0, at).trim() : '';
    const encoded = pair.slice(at + 1).trim();
    const problem = !/^[A-Za-z0-9_-]{1,32}$/.test(id)
      ? 'its id must be 1 to 32 letters, digits, - or _'
      : !/^[A-Za-z0-9+/]{43}=$/.test(encoded)
        ? 'its key must be 32 bytes in base64 (openssl rand -base64 32)'
        : keys.some((key) => key.id === id)
          ? `the id ${id} is used twice`
          : undefined;
    if (problem) {
      ctx.addIssue({ code: 'custom', message: `Must be id:key pairs separated by commas; entry ${index + 1}: ${problem}` });
      return z.NEVER;
    }
    keys.push({ id, key: Buffer.from(encoded, 'base64') });
  }
  const [first, ...rest] = keys;
  if (!first) {
    ctx.addIssue({ code: 'custom', message: 'Must name at least one id:key pair' });
    return z.NEVER;
  }
  return [first, ...rest];
});

/** LIBRARY_ALLOWED_HOSTS entries: `host`, `host:port`, `*.domain`, `[ipv6]`, `[ipv6]:port`, or `*` for any host. */
const libraryHostRule = z
  .string()
  .regex(
    /^(\*|(\*\.)?[a-z0-9]([a-z0-9.-]*[a-z0-9])?(:\d{1,5})?|\[[0-9a-f:.]+\](:\d{1,5})?)$/i,
    'Each entry must be a host name (optionally with :port), *.domain, [IPv6 address] or *',
  );

const onOff = z.enum(['on', 'off']);

/**
 * The server's configuration: every environment variable once (name, check, default), and the
 * transform that gives the typed configuration the server reads (`ServerConfig`). Parsed once at
 * start (docs/configuration.md lists every variable); a bad value stops the start with a readable
 * list of what is wrong.
 */
export const configSchema = z
  .object({
    HOST: z.string().default('127.0.0.1'),
    PORT: port.default(8081),
    PORTAL_ORIGIN: origin.default('http://localhost:8080'),
    DATA_DIR: z.string().default(resolve(repoRoot, '.data')),
    DATABASE_URL: z.url().optional(),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    // Proxies whose X-Forwarded-* headers count (Fastify's `trustProxy`); unset: none.
    TRUST_PROXY: trustProxy.optional(),
    // Server processes sharing PORT: unset here, cluster/process-count.ts decides (1 on PGlite, the cores with DATABASE_URL).
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
    // Who may use developer mode (docs/developer-mode.md): a role or group name; unset: everyone.
    DEVELOPER_MODE_ROLE: z.string().trim().min(1).optional(),
    // Who may share with the whole company besides administrators (docs/sharing.md): a role or group name; unset: administrators only.
    SHARE_WITH_COMPANY_ROLE: z.string().trim().min(1).optional(),
    // Shown names of group ids the provider sends without one (Entra ID object ids): a JSON object id → name.
    GROUP_NAMES: groupNames.default({}),
    // JWTs checked locally, opaque tokens introspected, or `auto` (by their shape).
    OIDC_TOKEN_FORMAT: z.enum(['jwt', 'opaque', 'auto']).default('auto'),
    // Roles and groups from the token, from userinfo, or `auto` (userinfo fills what the token lacks).
    OIDC_CLAIMS_SOURCE: z.enum(['token', 'userinfo', 'auto']).default('auto'),
    // The RFC 7662 introspection client; unset: opaque tokens are refused.
    OIDC_INTROSPECTION_CLIENT_ID: z.string().min(1).optional(),
    OIDC_INTROSPECTION_CLIENT_SECRET: z.string().min(1).optional(),
    OIDC_INTROSPECTION_CHECK_AUDIENCE: onOff.default('on'),

    // The embedded dev identity provider; its token lifetime and key rotation unset: its own defaults (15 min, none).
    DEV_IDP: onOff.default('off'),
    IDP_HOST: z.string().default('127.0.0.1'),
    IDP_PORT: port.default(8082),
    IDP_ISSUER: origin.optional(),
    DEV_IDP_ACCESS_TOKEN_TTL: z.coerce.number().int().min(1).optional(),
    DEV_IDP_KEY_ROTATION_SECONDS: z.coerce.number().int().min(1).optional(),

    SETTINGS_SEED_FILE: z.string().default(resolve(repoRoot, 'server/seed/settings.demo.json')),
    MAX_FILE_UPLOAD_MB: z.coerce.number().min(0).default(CONFIG_DEFAULTS.maxFileUploadSizeMB),
    MAX_AUDIO_UPLOAD_MB: z.coerce.number().min(0).default(CONFIG_DEFAULTS.maxAudioFileUploadSizeMB),
    // Also the timeout of every upstream call; 0 means no limit.
    REQUEST_TIMEOUT_SECONDS: z.coerce.number().min(0).default(CONFIG_DEFAULTS.requestTimeoutInSeconds),
    TASK_RESULT_EXPIRY_SECONDS: z.coerce.number().min(0).default(CONFIG_DEFAULTS.taskResultExpiryTime),
    OS_PROXY_URL: z.url().optional(),

    // The OpenAI-compatible model endpoint (docs/translation.md); unset: a local Ollama is looked for at OLLAMA_URL.
    OPENAI_BASE_URL: baseUrl.optional(),
    OPENAI_API_KEY: z.string().optional(),
    // The models offered (the first is the default); unset: every model the endpoint lists.
    OPENAI_MODEL: list.optional(),
    // Models that take images with a question, beside those the endpoint's /models marks (docs/chat.md "Images").
    IMAGE_MODELS: list.default([]),
    // Unlike other variables, an empty OLLAMA_URL is meaningful: it turns detection off.
    OLLAMA_URL: urlOrOff(DEFAULT_OLLAMA_URL),
    // `max_tokens` of every model call; a caller may ask for fewer.
    MODEL_MAX_TOKENS: z.coerce.number().int().min(1).default(DEFAULT_MODEL_MAX_TOKENS),
    MAX_ANSWER_CHARACTERS: z.coerce.number().int().min(1).default(DEFAULT_MAX_ANSWER_CHARACTERS),
    // Context windows (prompt and answer together), for splitting long documents (docs/use-cases.md#long-documents).
    MODEL_CONTEXT_TOKENS: contextTokens.default(DEFAULT_MODEL_CONTEXT_TOKENS),
    MODEL_CONTEXT_TOKENS_BY_MODEL: contextTokensByModel.optional(),
    // Embeddings for hybrid search (docs/search.md); no model: full-text search alone.
    EMBEDDINGS_MODEL: z.string().trim().min(1).optional(),
    // Passages per `/embeddings` request.
    EMBEDDINGS_BATCH_SIZE: z.coerce.number().int().min(1).max(2048).default(64),
    // Per batch request; 0 means no limit.
    EMBEDDINGS_TIMEOUT_SECONDS: z.coerce.number().min(0).default(60),
    // The query's embedding at search time; past it the search runs without vectors.
    EMBEDDINGS_QUERY_TIMEOUT_MS: z.coerce.number().int().min(1).default(3000),
    // Transcription (docs/use-cases.md); no model: none offered. Endpoint and key default to the chat endpoint's.
    TRANSCRIPTION_MODEL: z.string().trim().min(1).optional(),
    TRANSCRIPTION_BASE_URL: baseUrl.optional(),
    TRANSCRIPTION_API_KEY: z.string().optional(),
    // Per transcription; 0 means no limit.
    TRANSCRIPTION_TIMEOUT_SECONDS: z.coerce.number().min(0).default(DEFAULT_TRANSCRIPTION_TIMEOUT_SECONDS),
    // Read aloud (docs/chat-ui.md "Voice"); no model: the browser's speech synthesis. Endpoint and key default to the chat endpoint's.
    TEXT_TO_SPEECH_MODEL: z.string().trim().min(1).optional(),
    TEXT_TO_SPEECH_VOICE: z.string().trim().min(1).default('alloy'),
    TEXT_TO_SPEECH_BASE_URL: baseUrl.optional(),
    TEXT_TO_SPEECH_API_KEY: z.string().optional(),
    // Per request (one answer, or a part of a long one); 0 means no limit.
    TEXT_TO_SPEECH_TIMEOUT_SECONDS: z.coerce.number().min(0).default(60),
    DEEPL_API_KEY: z.string().optional(),
    DEEPL_API_URL: baseUrl.optional(),
    LIBRETRANSLATE_URL: baseUrl.optional(),
    LIBRETRANSLATE_API_KEY: z.string().optional(),
    TRANSLATION_LLM_LANGUAGES: list
      .pipe(z.array(z.string().regex(LANGUAGE_CODE_PATTERN, 'Each entry must be a language code such as de or en-GB')).min(1))
      .default(DEFAULT_LLM_LANGUAGES),
    // Longest text of one translate or easy-language call.
    TRANSLATE_MAX_CHARACTERS: z.coerce
      .number()
      .int()
      .min(1)
      .max(TRANSLATE_MAX_CHARACTERS, `Must not be above ${TRANSLATE_MAX_CHARACTERS} (the contract's limit)`)
      .default(TRANSLATE_MAX_CHARACTERS),

    // Question answering (docs/qa.md): the passage text one grounded answer gets (each model's
    // `max_characters`), and the models that answer over one whole document (`mode: 'document'`).
    QA_MAX_CHARACTERS: z.coerce.number().int().min(1).default(DEFAULT_QA_MAX_CHARACTERS),
    QA_DOCUMENT_MODELS: list.default([]),

    // Per-user limits (http/user-limits.ts, docs/limits.md); 0 turns one off.
    MODEL_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(0).default(30),
    MAX_CONCURRENT_STREAMS_PER_USER: z.coerce.number().int().min(0).default(4),
    MAX_PENDING_JOBS_PER_USER: z.coerce.number().int().min(0).default(50),

    // Tools in chat (docs/tools.md).
    CHAT_TOOLS: onOff.default('on'),
    // Rounds of tool calls per answer; the rounds of one answer together; one call, unless its tool names its own.
    TOOL_MAX_STEPS: z.coerce.number().int().min(1).max(20).default(5),
    TOOL_LOOP_TIMEOUT_SECONDS: z.coerce.number().min(1).default(120),
    TOOL_TIMEOUT_SECONDS: z.coerce.number().min(1).default(30),
    // A SearXNG-compatible JSON endpoint; unset: no web_search tool.
    WEB_SEARCH_URL: z.url({ protocol: /^https?$/, message: 'Must be an http(s) URL to which the query is appended' }).optional(),
    WEB_SEARCH_TIMEOUT_SECONDS: z.coerce.number().min(1).default(10),

    // Document library sync (libraries/sync/, docs/document-libraries.md#sync): how often each bound folder is synced.
    LIBRARY_SYNC_INTERVAL_MINUTES: z.coerce.number().min(1).max(7 * 24 * 60).default(30),

    // Retention (retention/, docs/operations.md "Retention"): the hour (UTC) the daily run starts.
    RETENTION_HOUR: z.coerce.number().int().min(0).max(23).default(3),

    // Deep research (research/research-jobs.ts ResearchLimits, docs/deep-research.md).
    RESEARCH_MAX_CONCURRENT_PER_USER: z.coerce.number().int().min(0).default(2),
    RESEARCH_MAX_TASKS: z.coerce.number().int().min(1).max(RESEARCH_MAX_TASKS_LIMIT).default(8),
    RESEARCH_MAX_TOOL_CALLS_PER_TASK: z.coerce.number().int().min(1).max(50).default(6),
    RESEARCH_TASK_CONCURRENCY: z.coerce.number().int().min(1).max(20).default(4),
    // Claims of one research job (restarts) before the run fails with the reason.
    RESEARCH_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(10).default(2),
    RESEARCH_TASK_TIMEOUT_SECONDS: z.coerce.number().min(1).default(180),

    // Document libraries (docs/document-libraries.md): the keys that encrypt their credentials, the
    // hosts they may be at, and how long one request to a library may wait.
    LIBRARY_SECRET_KEYS: librarySecretKeys.optional(),
    LIBRARY_ALLOWED_HOSTS: list.pipe(z.array(libraryHostRule)).optional(),
    LIBRARY_REQUEST_TIMEOUT_SECONDS: z.coerce.number().min(1).default(30),
    // Microsoft 365 libraries (docs/document-libraries.md#microsoft-365): the Entra ID app; unset: not offered.
    MICROSOFT_CLIENT_ID: z.string().trim().min(1).optional(),
    MICROSOFT_CLIENT_SECRET: z.string().min(1).optional(),
    MICROSOFT_TENANT: z.string().trim().regex(/^[A-Za-z0-9.-]+$/, 'Must be a tenant id, a domain, organizations or common').default('organizations'),
    // The authorization server; unset: Entra ID's for MICROSOFT_TENANT.
    MICROSOFT_AUTHORITY: baseUrl.optional(),
    MICROSOFT_GRAPH_URL: baseUrl.default('https://graph.microsoft.com/v1.0'),
    MICROSOFT_SCOPES: list.pipe(z.array(z.string()).min(1)).default(['openid', 'profile', 'offline_access', 'User.Read', 'Files.Read.All', 'Sites.Read.All']),

    // Telemetry (docs/observability.md): the standard OpenTelemetry variables, and Prometheus metrics.
    OTEL_SDK_DISABLED: z.enum(['true', 'false']).optional(),
    OTEL_EXPORTER_OTLP_ENDPOINT: baseUrl.optional(),
    OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: z.url({ protocol: /^https?$/, message: 'Must be an http(s) URL' }).optional(),
    OTEL_EXPORTER_OTLP_HEADERS: otlpHeaders.optional(),
    OTEL_EXPORTER_OTLP_TRACES_HEADERS: otlpHeaders.optional(),
    OTEL_SERVICE_NAME: z.string().trim().min(1).default('assistant-server'),
    // Developer mode links an answer's trace here: {traceId} is replaced by the trace id.
    TRACE_VIEWER_URL: z
      .url({ protocol: /^https?$/, message: 'Must be an http(s) URL' })
      .refine((url) => url.includes('{traceId}'), 'Must contain {traceId}')
      .optional(),
    // A listener of its own for GET /metrics, and where it listens.
    METRICS_PORT: port.optional(),
    METRICS_HOST: z.string().min(1).default('127.0.0.1'),
    // GET /metrics on the API port behind this bearer token.
    METRICS_TOKEN: z.string().min(16, 'Must be at least 16 characters (a random secret)').optional(),
  })
  .superRefine((e, ctx) => {
    // Which identity provider: the company's (OIDC_ISSUER) or, asked for, the dev one; never by omission.
    const problem = (variable: string, message: string) => ctx.addIssue({ code: 'custom', path: [variable], message });
    if (!e.OIDC_ISSUER && e.DEV_IDP !== 'on') {
      problem(
        'OIDC_ISSUER',
        'Set it to the issuer URL of your identity provider (or DEV_IDP=on to run the embedded development provider, for local development only)',
      );
    }
    if (e.OIDC_ISSUER && e.DEV_IDP === 'on') {
      problem('DEV_IDP', 'Must not be on when OIDC_ISSUER is set (the development provider never runs beside a company provider)');
    }
    if (Boolean(e.OIDC_INTROSPECTION_CLIENT_ID) !== Boolean(e.OIDC_INTROSPECTION_CLIENT_SECRET)) {
      problem('OIDC_INTROSPECTION_CLIENT_ID', 'Set together with OIDC_INTROSPECTION_CLIENT_SECRET, or neither');
    }
    if (e.OIDC_TOKEN_FORMAT === 'opaque' && !(e.OIDC_INTROSPECTION_CLIENT_ID && e.OIDC_INTROSPECTION_CLIENT_SECRET)) {
      problem('OIDC_TOKEN_FORMAT', 'opaque needs OIDC_INTROSPECTION_CLIENT_ID and OIDC_INTROSPECTION_CLIENT_SECRET');
    }
  })
  .transform((e) => {
    const devIdpIssuer = e.IDP_ISSUER ?? `http://localhost:${e.IDP_PORT}`;
    return {
      host: e.HOST,
      port: e.PORT,
      portalOrigin: e.PORTAL_ORIGIN,
      dataDir: resolve(e.DATA_DIR),
      databaseUrl: e.DATABASE_URL,
      logLevel: e.LOG_LEVEL,
      trustProxy: e.TRUST_PROXY ?? (false as const),
      webConcurrency: e.WEB_CONCURRENCY,
      auth: {
        // The refinement above leaves OIDC_ISSUER or DEV_IDP=on.
        issuer: e.OIDC_ISSUER ?? devIdpIssuer,
        audience: e.OIDC_AUDIENCE,
        clientId: e.OIDC_CLIENT_ID,
        algorithms: e.OIDC_ALGORITHMS,
        rolesClaim: e.ROLES_CLAIM,
        adminRole: e.ADMIN_ROLE,
        groupsClaim: e.GROUPS_CLAIM,
        numinousGroup: e.NUMINOUS_GROUP,
        developerModeRole: e.DEVELOPER_MODE_ROLE,
        shareWithCompanyRole: e.SHARE_WITH_COMPANY_ROLE,
        groupNames: e.GROUP_NAMES,
        tokenFormat: e.OIDC_TOKEN_FORMAT,
        claimsSource: e.OIDC_CLAIMS_SOURCE,
        introspection:
          e.OIDC_INTROSPECTION_CLIENT_ID && e.OIDC_INTROSPECTION_CLIENT_SECRET
            ? {
                clientId: e.OIDC_INTROSPECTION_CLIENT_ID,
                clientSecret: e.OIDC_INTROSPECTION_CLIENT_SECRET,
                checkAudience: e.OIDC_INTROSPECTION_CHECK_AUDIENCE === 'on',
              }
            : undefined,
      },
      // Present only when the dev identity provider runs.
      devIdp:
        e.DEV_IDP === 'on'
          ? {
              host: e.IDP_HOST,
              port: e.IDP_PORT,
              issuer: devIdpIssuer,
              ...(e.DEV_IDP_ACCESS_TOKEN_TTL ? { accessTokenTtlSeconds: e.DEV_IDP_ACCESS_TOKEN_TTL } : {}),
              ...(e.DEV_IDP_KEY_ROTATION_SECONDS ? { keyRotationSeconds: e.DEV_IDP_KEY_ROTATION_SECONDS } : {}),
            }
          : undefined,
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
        imageModels: e.IMAGE_MODELS,
        ollamaUrl: e.OLLAMA_URL,
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
      textToSpeech: {
        model: e.TEXT_TO_SPEECH_MODEL,
        voice: e.TEXT_TO_SPEECH_VOICE,
        baseUrl: e.TEXT_TO_SPEECH_BASE_URL ?? e.OPENAI_BASE_URL,
        apiKey: e.TEXT_TO_SPEECH_API_KEY ?? e.OPENAI_API_KEY,
        timeoutMs: e.TEXT_TO_SPEECH_TIMEOUT_SECONDS * 1000,
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
        llmLanguages: e.TRANSLATION_LLM_LANGUAGES,
        maxCharacters: e.TRANSLATE_MAX_CHARACTERS,
      },
      qa: { maxCharacters: e.QA_MAX_CHARACTERS, documentModels: e.QA_DOCUMENT_MODELS },
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
      librarySync: { intervalMs: e.LIBRARY_SYNC_INTERVAL_MINUTES * 60_000 },
      retention: { hour: e.RETENTION_HOUR },
      research: {
        maxConcurrentPerUser: e.RESEARCH_MAX_CONCURRENT_PER_USER,
        maxTasks: e.RESEARCH_MAX_TASKS,
        maxToolCallsPerTask: e.RESEARCH_MAX_TOOL_CALLS_PER_TASK,
        taskConcurrency: e.RESEARCH_TASK_CONCURRENCY,
        maxAttempts: e.RESEARCH_MAX_ATTEMPTS,
        taskTimeMs: e.RESEARCH_TASK_TIMEOUT_SECONDS * 1000,
      },
      libraries: {
        secretKeys: e.LIBRARY_SECRET_KEYS,
        // Without keys, the development setup generates one into DATA_DIR (logged); any other has
        // none, and libraries stay off (libraries/library-secrets.ts).
        developmentKeyFile: !e.LIBRARY_SECRET_KEYS && e.DEV_IDP === 'on' ? resolve(e.DATA_DIR, 'libraries', 'development-secret.key') : undefined,
        allowedHosts: e.LIBRARY_ALLOWED_HOSTS ?? [],
        requestTimeoutMs: e.LIBRARY_REQUEST_TIMEOUT_SECONDS * 1000,
      },
      // Present only when an app is configured: otherwise Microsoft 365 is not offered.
      microsoft: e.MICROSOFT_CLIENT_ID
        ? {
            clientId: e.MICROSOFT_CLIENT_ID,
            clientSecret: e.MICROSOFT_CLIENT_SECRET,
            authority: e.MICROSOFT_AUTHORITY ?? `https://login.microsoftonline.com/${e.MICROSOFT_TENANT}/v2.0`,
            graphUrl: e.MICROSOFT_GRAPH_URL,
            scopes: e.MICROSOFT_SCOPES,
          }
        : undefined,
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
        traceViewerUrl: e.TRACE_VIEWER_URL,
      },
    };
  });

/** The server's configuration, as `configSchema` gives it. */
export type ServerConfig = z.output<typeof configSchema>;

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  // An empty variable (`DATABASE_URL=`) means unset, as in most tools' .env handling; OLLAMA_URL='' turns detection off.
  const set = Object.fromEntries(Object.entries(env).filter(([name, value]) => value !== undefined && (value !== '' || name === 'OLLAMA_URL')));
  const parsed = configSchema.safeParse(set);
  if (!parsed.success) {
    throw new ConfigError(parsed.error.issues.map((issue) => `${issue.path.join('.') || '(environment)'}: ${issue.message}`));
  }
  return parsed.data;
}
