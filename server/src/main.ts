import { join } from 'node:path';
import { pino } from 'pino';
import { buildApp } from './app';
import { createTokenVerifier, tokenVerifierOptions } from './auth/token-verifier';
import { ConfigError, loadConfig, type ServerConfig } from './config';
import { openDatabase } from './db/database';
import { SettingsRepository } from './db/repositories/settings-repository';
import { SOURCES_JOB_KIND, sourcesJobHandler } from './grounding/sources-job';
import { EmbeddingsClient } from './inference/embeddings';
import { ModelProvider } from './inference/model-provider';
import { meteredJobHandlers } from './usage/metered-job-handlers';
import { UsageMeter } from './usage/usage-meter';
import { defaultIngestionDependencies } from './ingestion/default-dependencies';
import { FileStorage } from './ingestion/file-storage';
import { ingestionJobRunner } from './ingestion/ingestion-job';
import { uploadLimitsFromConfig } from './ingestion/receive-upload';
import { JobQueue } from './jobs/job-queue';
import { JobRunner, type JobHandler } from './jobs/job-runner';
import { librariesFromConfig } from './libraries/libraries-from-config';
import { LibraryDocuments } from './libraries/sync/library-documents';
import { LibrarySyncScheduler, librarySyncJobRunner } from './libraries/sync/library-sync-job';
import { LibrarySyncStore } from './libraries/sync/library-sync-store';
import { AuditLog } from './audit/audit-log';
import { FileRemovals } from './retention/file-removals';
import { RetentionScheduler, retentionJobRunner } from './retention/retention-job';
import { RetentionPolicyRepository } from './retention/retention-policy';
import { RetentionRuns } from './retention/retention-runs';
import { withIngestionEmbeddings } from './search/ingestion-embeddings';
import { REEMBED_JOB_KIND, reembedJobHandler, scheduleReembedding } from './search/reembed-job';
import { createRetriever } from './search/retriever';
import { prepareSearchStorage } from './search/search-storage';
import { loadSettingsSeed } from './settings/load-seed';
import { GroundingTracesRepository } from './db/repositories/grounding-traces-repository';
import { FilesRepository } from './db/repositories/files-repository';
import { DirectoryRepository } from './sharing/directory-repository';
import { researchJobHandlers } from './research/research-jobs';
import { ResearchRepository } from './research/research-repository';
import { researchLimitsFromConfig, researchTools } from './research/research-tools';
import { serverLoggerOptions } from './telemetry/log-trace-context';
import { serverProcesses, workerIndex } from './cluster/process-count';
import { withStartupLock } from './cluster/startup-lock';

/**
 * Starts the reference backend: storage, the dev identity provider (DEV_IDP=on only), the API.
 * With WEB_CONCURRENCY > 1 (PostgreSQL only) this process becomes the primary of that many server
 * processes sharing the port (cluster/run-cluster.ts), each of which runs the rest of main().
 */
async function main() {
  let config: ServerConfig;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  const processes = serverProcesses(config);
  const worker = workerIndex();
  if (processes.count > 1 && worker === undefined) {
    const logger = pino(serverLoggerOptions(config.logLevel, { traceContext: false }));
    await (await import('./cluster/run-cluster')).runCluster({ config, workers: processes.count, logger });
    return;
  }
  // Traces (docs/observability.md): the SDK is loaded only when an OTLP endpoint is configured,
  // and started before anything else, so the first request is traced.
  const tracing = config.telemetry.tracing ? (await import('./telemetry/tracing')).startTracing(config.telemetry.tracing) : undefined;
  const logger = pino(serverLoggerOptions(config.logLevel, { traceContext: tracing !== undefined }));
  if (tracing) {
    (await import('./telemetry/tracing')).logTracingProblems(logger);
    logger.info({ traces: config.telemetry.tracing!.tracesUrl, service: config.telemetry.tracing!.serviceName }, 'tracing on: spans go over OTLP/HTTP');
  }
  if (processes.note) logger.warn(processes.note);

  const database = await openDatabase(
    config.databaseUrl
      ? { kind: 'postgres', url: config.databaseUrl }
      : { kind: 'pglite', dataDir: join(config.dataDir, 'pglite') },
    { traceQueries: tracing !== undefined, log: logger.child({ component: 'notifications' }) },
  );
  // Metrics (prom-client) only when someone can read them: METRICS_PORT or METRICS_TOKEN.
  const metricsConfig = config.telemetry.metrics;
  const metrics =
    metricsConfig.port !== undefined || metricsConfig.token
      ? new (await import('./telemetry/metrics')).ServerMetrics({ db: database.db, pool: database.pool })
      : undefined;
  // One of several processes: the primary adds up the workers' metrics and serves METRICS_PORT.
  if (metrics && worker !== undefined) (await import('./cluster/cluster-metrics')).shareWorkerMetrics(metrics);
  // What changes the database beyond the migrations, one process or replica at a time.
  const settingsSeed = await loadSettingsSeed(config.seedFile);
  const { seeded, searchStorage } = await withStartupLock(database, async (db) => ({
    seeded: await new SettingsRepository(db).seedMissing(settingsSeed),
    searchStorage: await prepareSearchStorage(db),
  }));
  if (seeded.length > 0) logger.info({ seeded, from: config.seedFile }, 'settings seeded');

  const closers: Array<() => Promise<void>> = [() => database.close()];
  // Last: the spans of the shutdown itself are exported too.
  if (tracing) closers.push(() => tracing.shutdown());
  // Once: in the first of several server processes (it listens on a port of its own, IDP_PORT).
  if (config.devIdp && (worker ?? 0) === 0) {
    // Only with DEV_IDP=on, and imported only here: a production server never loads the dev provider.
    const { createDevIdentityProvider } = await import('./idp/dev-identity-provider');
    const idp = await createDevIdentityProvider({ config, db: database.db, logger: logger.child({ component: 'idp' }) });
    await idp.listen();
    closers.unshift(() => idp.close());
  }

  const verifier = createTokenVerifier({ ...tokenVerifierOptions(config.auth), log: logger.child({ component: 'auth' }) });
  // Usage and budgets (docs/operations.md): every model call of a user's request or job is
  // recorded and checked; written in batches, the last one after everything else stopped.
  const usage = new UsageMeter({ db: database.db, groupsOf: (sub) => directory.groupsOf(sub), log: logger.child({ component: 'usage' }), metrics });
  closers.unshift(() => usage.close());
  const models = ModelProvider.fromConfig(config.inference, logger.child({ component: 'inference' }), metrics, usage);
  // Retrieval (docs/search.md): what the database offers (pgvector, pg_trgm) and EMBEDDINGS_MODEL
  // decide the mode; said once here and by qa/resources (`search_mode`).
  const searchLog = logger.child({ component: 'search' });
  const configuredEmbedder = EmbeddingsClient.fromConfig(config, models);
  if (configuredEmbedder && !searchStorage.vector) searchLog.warn({ notes: searchStorage.notes }, 'EMBEDDINGS_MODEL is set, but the database has no pgvector: full-text search only');
  const embedder = searchStorage.vector ? configuredEmbedder : undefined;
  const retriever = createRetriever({ db: database.db, storage: searchStorage, embedder, queryTimeoutMs: config.embeddings.queryTimeoutMs, log: searchLog });
  searchLog.info({ mode: retriever.mode, notes: searchStorage.notes }, `search: ${retriever.describe()}`);
  // Passages without an embedding of the current model (a new model, a failed ingestion): a
  // background job embeds them; looking costs one query, the work never blocks the start.
  const scheduleEmbeddings = () => {
    if (!embedder) return;
    scheduleReembedding({ db: database.db, model: embedder.model })
      .then((created) => {
        if (created) {
          searchLog.info({ model: embedder.model }, 're-embedding job enqueued');
          jobs.nudge();
        }
      })
      .catch((error: unknown) => searchLog.warn({ err: error }, 'could not schedule re-embedding'));
  };
  // Ingestion jobs (one per uploaded file) on a runner of their own: one document at a time per
  // process, never waiting behind source computation; it resumes what a previous start left unfinished.
  const storage = new FileStorage(config.dataDir);
  const ingestion = ingestionJobRunner({
    db: database.db,
    storage,
    deps: embedder
      ? withIngestionEmbeddings(defaultIngestionDependencies, { embedder, log: searchLog, onMissing: scheduleEmbeddings })
      : defaultIngestionDependencies,
    notifications: database.notifications,
    log: logger.child({ component: 'ingestion' }),
  });
  // Source computation and re-embedding: rows any replica may claim.
  const jobHandlers: Record<string, JobHandler> = {
    ...(embedder ? { [REEMBED_JOB_KIND]: reembedJobHandler({ db: database.db, embedder, queue: new JobQueue(database.db), nudge: () => jobs.nudge() }) } : {}),
    ...meteredJobHandlers(usage, 'sources', {
      [SOURCES_JOB_KIND]: sourcesJobHandler({ db: database.db, models, portalOrigin: config.portalOrigin, log: logger.child({ component: 'grounding' }) }),
    }),
  };
  const jobs = new JobRunner({ db: database.db, handlers: jobHandlers, notifications: database.notifications, log: logger.child({ component: 'jobs' }) });
  // Deep research runs (docs/deep-research.md) on a runner of their own: long jobs that must not
  // hold up source computation. Its lease lets another replica resume a run after a restart; one
  // claim more than RESEARCH_MAX_ATTEMPTS reaches the handler, which then fails the run with the reason.
  const researchLimits = researchLimitsFromConfig(config);
  const directory = new DirectoryRepository(database.db);
  const researchJobs = new JobRunner({
    db: database.db,
    handlers: meteredJobHandlers(usage, 'research', researchJobHandlers({
      research: new ResearchRepository(database.db),
      traces: new GroundingTracesRepository(database.db),
      models,
      tools: researchTools({
        db: database.db,
        retriever,
        files: new FilesRepository(database.db),
        searchMaxCharacters: Math.floor(config.qa.maxCharacters / 2),
        webSearch: config.tools.webSearch,
      }, { db: database.db, log: logger.child({ component: 'research-mcp' }) }),
      limits: researchLimits,
      groupsOf: (sub) => directory.groupsOf(sub),
      log: logger.child({ component: 'research' }),
      notifications: database.notifications,
    })),
    concurrency: 4,
    leaseMs: 60_000,
    timeoutMs: researchLimits.jobTimeoutMs,
    maxAttempts: researchLimits.maxAttempts + 1,
    notifications: database.notifications,
    log: logger.child({ component: 'research-jobs' }),
  });
  // Library syncs (docs/document-libraries.md#sync) on a runner of their own: long jobs that
  // download files and hand them to ingestion. The scheduler asks for each bound folder's sync
  // every LIBRARY_SYNC_INTERVAL_MINUTES; the job queue's claim keeps one sync per folder at a time.
  const syncLog = logger.child({ component: 'library-sync' });
  const { sessions: syncSessions } = await librariesFromConfig(config, database.db, syncLog);
  const syncLimits = uploadLimitsFromConfig(config.limits);
  const librarySync = librarySyncJobRunner({
    db: database.db,
    notifications: database.notifications,
    store: new LibrarySyncStore(database.db),
    documents: new LibraryDocuments({ db: database.db, files: new FilesRepository(database.db), storage, limits: syncLimits }),
    openSession: async (binding) => (await syncSessions.openForSync(binding.connection_id))?.session,
    limits: syncLimits,
    nudgeIngestion: () => ingestion.nudge(),
    intervalMs: config.librarySync.intervalMs,
    log: syncLog,
  });
  const librarySyncScheduler = new LibrarySyncScheduler({ db: database.db, intervalMs: config.librarySync.intervalMs, nudge: () => librarySync.nudge(), log: syncLog });
  // Retention (docs/operations.md "Retention") on a runner of its own: the daily run deletes in
  // batches; the job queue's claim keeps it on one replica at a time, and a restart resumes it.
  const retentionLog = logger.child({ component: 'retention' });
  const retentionAudit = new AuditLog(database.db);
  const retentionRuns = new RetentionRuns(database.db, new RetentionPolicyRepository(database.db, retentionAudit), retentionAudit);
  const retention = retentionJobRunner({
    db: database.db,
    runs: retentionRuns,
    files: new FileRemovals(database.db, storage),
    notifications: database.notifications,
    log: retentionLog,
  });
  const retentionScheduler = new RetentionScheduler({ runs: retentionRuns, hour: config.retention.hour, nudge: () => retention.nudge(), log: retentionLog });
  const app = await buildApp({
    config,
    db: database.db,
    verifier,
    models,
    storage,
    nudgeIngestion: () => ingestion.nudge(),
    retriever,
    nudgeJobs: () => jobs.nudge(),
    nudgeResearch: () => researchJobs.nudge(),
    nudgeLibrarySync: () => librarySync.nudge(),
    usage,
    nudgeRetention: () => retention.nudge(),
    notifications: database.notifications,
    logger: logger.child({ component: 'api' }),
    telemetry: { tracing, metrics, metricsToken: metricsConfig.token },
  });
  await app.listen({ host: config.host, port: config.port });
  const metricsServer =
    metrics && metricsConfig.port !== undefined && worker === undefined
      ? await (await import('./telemetry/metrics-http')).startMetricsServer(metrics, { host: metricsConfig.host, port: metricsConfig.port })
      : undefined;
  if (metricsServer) closers.unshift(() => metricsServer.close());
  ingestion.start();
  jobs.start();
  researchJobs.start();
  librarySync.start();
  librarySyncScheduler.start();
  retention.start();
  retentionScheduler.start();
  scheduleEmbeddings();
  closers.unshift(() => ingestion.stop());
  closers.unshift(() => jobs.stop());
  closers.unshift(() => researchJobs.stop());
  closers.unshift(() => librarySync.stop());
  closers.unshift(async () => librarySyncScheduler.stop());
  closers.unshift(() => retention.stop());
  closers.unshift(async () => retentionScheduler.stop());
  closers.unshift(() => app.close());

  const apiUrl = `http://${config.host === '0.0.0.0' ? 'localhost' : config.host}:${config.port}`;
  if ((worker ?? 0) !== 0) logger.info({ worker, pid: process.pid }, 'server process listening');
  else console.log(
    [
      '',
      `  API server          ${apiUrl}/api   (health: ${apiUrl}/health)`,
      config.devIdp
        ? `  Identity provider   ${config.devIdp.issuer}   (demo accounts employee/employee, colleague/colleague, admin/admin)`
        : `  Identity provider   ${config.auth.issuer}   (external)`,
      ...(worker !== undefined ? [`  Server processes    ${processes.count} (WEB_CONCURRENCY), sharing port ${config.port}`] : []),
      `  Storage             ${database.kind === 'postgres' ? 'PostgreSQL (DATABASE_URL)' : `PGlite in ${join(config.dataDir, 'pglite')}`}`,
      `  Uploaded files      ${storage.root}`,
      `  Language models     ${models.describe()}`,
      `  Search              ${retriever.describe()}`,
      `  Translation         ${translationSummary(config)}`,
      `  Telemetry           ${telemetrySummary(config, metricsServer?.url ?? (worker !== undefined && metricsConfig.port !== undefined ? `http://${metricsConfig.host}:${metricsConfig.port}/metrics (every process)` : undefined))}`,
      `  Transcription       ${config.transcription.model && config.transcription.baseUrl ? `${config.transcription.model} at ${config.transcription.baseUrl}` : 'off (set TRANSCRIPTION_MODEL)'}`,
      '',
    ].join('\n'),
  );

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'stopping');
    for (const close of closers) {
      await close().catch((error: unknown) => logger.error({ err: error }, 'error while stopping'));
    }
    process.exit(0);
  };
  process.once('SIGINT', () => void stop('SIGINT'));
  process.once('SIGTERM', () => void stop('SIGTERM'));
}

function telemetrySummary(config: ServerConfig, metricsUrl: string | undefined): string {
  const parts = [config.telemetry.tracing ? `traces to ${config.telemetry.tracing.tracesUrl}` : 'no traces (set OTEL_EXPORTER_OTLP_ENDPOINT)'];
  if (metricsUrl) parts.push(`metrics at ${metricsUrl}`);
  if (config.telemetry.metrics.token) parts.push('metrics at /metrics (METRICS_TOKEN)');
  if (!metricsUrl && !config.telemetry.metrics.token) parts.push('no metrics (set METRICS_PORT or METRICS_TOKEN)');
  return parts.join(', ');
}

function translationSummary(config: ServerConfig): string {
  const engines: string[] = [];
  if (config.translation.deepl) engines.push(`DeepL at ${config.translation.deepl.apiUrl}`);
  if (config.translation.libreTranslate) engines.push(`LibreTranslate at ${config.translation.libreTranslate.url}`);
  engines.push('one engine per language model');
  return engines.join(', ');
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
