import { megabytesToBytes } from '@assistant/contracts';
import Fastify, { type FastifyBaseLogger } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { registerAuthentication } from './auth/auth-hook';
import type { TokenVerifier } from './auth/token-verifier';
import type { ServerConfig } from './config';
import type { Database } from './db/database';
import type { Notifications } from './db/notifications';
import { AgentShareCheck } from './agents/agent-share-check';
import { AgentsRepository } from './agents/agents-repository';
import { CanvasesRepository } from './canvas/canvases-repository';
import { AppFavouritesRepository } from './custom-apps/app-favourites-repository';
import { OnboardingRepository } from './db/repositories/onboarding-repository';
import { CustomAppsRepository } from './custom-apps/custom-apps-repository';
import { CollectionsRepository } from './db/repositories/collections-repository';
import { ConversationsRepository } from './db/repositories/conversations-repository';
import { MessageEventLogsRepository } from './db/repositories/message-event-logs-repository';
import { FeedbackRepository } from './db/repositories/feedback-repository';
import { AnswerRatingsRepository } from './ratings/answer-ratings-repository';
import { FilesRepository } from './db/repositories/files-repository';
import { GroundingTracesRepository } from './db/repositories/grounding-traces-repository';
import { IngestionRunsRepository } from './db/repositories/ingestion-runs-repository';
import { SettingsRepository } from './db/repositories/settings-repository';
import { registerErrorHandlers } from './http/error-handlers';
import { declareErrorResponses } from './http/error-responses';
import { registerUnstorableTextRefusal } from './http/unstorable-text';
import { registerOpenApi } from './http/openapi';
import { registerUnreadBodyGuard } from './http/unread-body';
import { generateRequestId, registerRequestIdHeader } from './http/request-id';
import { registerUserLimits } from './http/user-limits';
import { ModelProvider } from './inference/model-provider';
import { BudgetSettingsRepository } from './usage/budget-settings';
import { registerUsageMetering } from './usage/usage-routes-hook';
import { UsageMeter } from './usage/usage-meter';
import { UsageReports } from './usage/usage-reports';
import { usageRoutes } from './routes/usage';
import { adminUsageRoutes } from './routes/admin-usage';
import { adminBudgetRoutes } from './routes/admin-budgets';
import { FileStorage } from './ingestion/file-storage';
import { uploadLimitsFromConfig } from './ingestion/receive-upload';
import { JobQueue } from './jobs/job-queue';
import { librariesFromConfig } from './libraries/libraries-from-config';
import { OAuthStatesRepository } from './libraries/oauth-states-repository';
import { LibraryBindingsRepository } from './libraries/sync/library-bindings-repository';
import { LibraryDocuments } from './libraries/sync/library-documents';
import { adminSettingsRoutes } from './routes/admin-settings';
import { appFavouriteRoutes } from './routes/app-favourites';
import { onboardingRoutes } from './routes/onboarding';
import { adminGroupRoutes } from './routes/admin-groups';
import { adminAuditRoutes } from './routes/admin-audit';
import { AuditLogReader } from './audit/audit-log-reader';
import { directoryRoutes } from './routes/directory';
import { sharedWithMeRoutes } from './routes/shared-with-me';
import { shareRoutes } from './routes/shares';
import { DirectoryRepository, signInRecorder } from './sharing/directory-repository';
import { shareableKinds } from './sharing/shareable-kinds';
import { promptRoutes } from './routes/prompts';
import { PromptsRepository } from './prompts/prompts-repository';
import { MemoriesRepository } from './memory/memories-repository';
import { memoryRoutes } from './routes/memories';
import { AuditLog } from './audit/audit-log';
import { adminRetentionRoutes } from './routes/admin-retention';
import { myDataRoutes } from './routes/my-data';
import { DataExport } from './retention/data-export';
import { FileRemovals } from './retention/file-removals';
import { RetentionPolicyRepository } from './retention/retention-policy';
import { RetentionRuns } from './retention/retention-runs';
import { groupNamer } from './sharing/group-names';
import { SharesRepository } from './sharing/shares-repository';
import { agentRoutes } from './routes/agents';
import { canvasEditAgentRoutes } from './routes/canvas-edit-agent';
import { canvasRoutes } from './routes/canvases';
import { collectionRoutes } from './routes/collections';
import { configRoutes } from './routes/config';
import { conversationFileRoutes } from './routes/conversation-files';
import { conversationRoutes } from './routes/conversations';
import { mayFileInto } from './projects/may-file-into';
import { ProjectsRepository, conversationProjectFrom } from './projects/projects-repository';
import { projectFileRoutes } from './routes/project-files';
import { projectRoutes } from './routes/projects';
import { conversationEventsRoutes } from './routes/conversation-events';
import { customAppHistoryRoutes } from './routes/custom-app-history';
import { customAppRoutes } from './routes/custom-apps';
import { easyLanguageRoutes } from './routes/easy-language';
import { answerRatingRoutes } from './routes/answer-ratings';
import { feedbackRoutes } from './routes/feedback';
import { generateAgentRoutes } from './routes/generate-agent';
import { fileRoutes } from './routes/files';
import { healthRoutes } from './routes/health';
import { libraryBindingRoutes } from './routes/library-bindings';
import { iamRoutes } from './routes/iam';
import { libraryRoutes } from './routes/libraries';
import { microsoftLibraryRoutes } from './routes/microsoft-libraries';
import { localChatRoutes } from './routes/local-chat';
import { sharedConversationRoutes } from './routes/shared-conversations';
import { conversationImportRoutes } from './routes/conversation-import';
import { ConversationSnapshotsRepository } from './sharing/conversation-snapshots-repository';
import { mcpServerRoutes } from './routes/mcp-servers';
import { McpServersRepository } from './mcp/mcp-servers-repository';
import { messageSourcesRoutes } from './routes/message-sources';
import { openApiRoutes } from './routes/openapi';
import { qaChatRoutes } from './routes/qa-chat';
import { qaResourcesRoutes } from './routes/qa-resources';
import { qaSourcesRoutes } from './routes/qa-sources';
import { startupRoutes } from './routes/startup';
import { translationRoutes } from './routes/translation';
import { searchRoutes } from './routes/search';
import { createRetriever, type Retriever } from './search/retriever';
import { researchRoutes } from './routes/research';
import { ResearchRepository } from './research/research-repository';
import { ResearchService } from './research/research-service';
import { uploadRoutes } from './routes/upload';
import { generateRoutes } from './routes/generate';
import { summarizeRoutes } from './routes/summarize';
import { speechRoutes } from './routes/speech';
import { transcriptionRoutes } from './routes/transcriptions';
import { SpeechClient } from './use-cases/speech-client';
import { TranscriptionClient } from './use-cases/transcription-client';
import { translationServiceFromConfig } from './translation/engines-from-config';
import { registerTelemetry, requestLoggingOption, type AppTelemetry } from './telemetry/app-telemetry';
import { serverLoggerOptions } from './telemetry/log-trace-context';

export interface AppDependencies {
  config: ServerConfig;
  db: Database;
  verifier: TokenVerifier;
  logger?: FastifyBaseLogger | false;
  /** The model endpoint; built from `config.inference` when absent. */
  models?: ModelProvider;
  /** Uploaded bytes; under `config.dataDir` when absent. */
  storage?: FileStorage;
  /** Called after an upload, so the ingestion runner starts at once (main.ts passes the runner's). */
  nudgeIngestion?: () => void;
  /** Called after a job is enqueued, so the job runner starts it at once (main.ts passes the runner's). */
  nudgeJobs?: () => void;
  /** Passage retrieval for grounded answers; full-text search over `db` when absent. */
  retriever?: Retriever;
  /** Called after a research job is enqueued (main.ts passes its research runner's nudge). */
  nudgeResearch?: () => void;
  /** Called after a library sync is asked for (main.ts passes its sync runner's nudge). */
  nudgeLibrarySync?: () => void;
  /** Called after a retention run is asked for (main.ts passes its retention runner's nudge). */
  nudgeRetention?: () => void;
  /** Wakes research followers on NOTIFY (the database handle's); absent: they poll. */
  notifications?: Notifications;
  /** Request spans and metrics (docs/observability.md); absent: neither. */
  telemetry?: AppTelemetry;
  /** Usage and budgets (usage/usage-meter.ts), shared with `models` and the job runners; built here when absent. */
  usage?: UsageMeter;
}

/** Builds the API without listening, so tests drive it with `inject` and `main.ts` with a port. */
export async function buildApp({ config, db, verifier, logger, models: givenModels, storage: givenStorage, nudgeIngestion, nudgeJobs, retriever: givenRetriever, nudgeResearch, nudgeLibrarySync, usage: givenUsage, nudgeRetention, notifications, telemetry }: AppDependencies) {
  const app = Fastify({
    loggerInstance: logger || undefined,
    logger: logger === undefined ? serverLoggerOptions(config.logLevel, { traceContext: telemetry?.tracing !== undefined }) : undefined,
    // With tracing, "incoming request" is written inside the request's span (its trace id on it).
    disableRequestLogging: requestLoggingOption(telemetry) ?? false,
    // Only the configured proxy hops may say who the client is (X-Forwarded-For). Fastify takes a
    // hop count too (proxy-addr); its types leave the number out.
    trustProxy: config.trustProxy as boolean | string[],
    genReqId: generateRequestId,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  // First: the request span must wrap every hook and route that follows.
  if (telemetry) await registerTelemetry(app, telemetry);
  registerErrorHandlers(app);
  // Before every route: the OpenAPI document (docs/api.md) collects them, with their error answers.
  declareErrorResponses(app);
  await registerOpenApi(app);
  registerUnstorableTextRefusal(app);
  registerRequestIdHeader(app);
  registerUnreadBodyGuard(app, {
    // Room for a whole refused upload; more than that, or a client that sends slowly, closes.
    maxDrainBytes: 2 * megabytesToBytes(Math.max(config.limits.maxFileUploadSizeMB, config.limits.maxAudioFileUploadSizeMB, 1)),
    maxDrainMs: 30_000,
  });
  // Who signed in with which groups (docs/sharing.md): recorded with each verified token that differs.
  const directory = new DirectoryRepository(db, config.auth.groupNames);
  registerAuthentication(app, verifier, config.auth, signInRecorder(directory));
  // Before the routes: model-backed routes and uploads opt in through their config.
  await registerUserLimits(app, db, config.userLimits);
  // Usage and budgets (docs/operations.md): routes that name their usage feature are metered.
  const usage = givenUsage ?? new UsageMeter({ db, groupsOf: (sub) => directory.groupsOf(sub), log: app.log.child({ component: 'usage' }), metrics: telemetry?.metrics });
  registerUsageMetering(app, usage);
  // Nothing recorded is lost at shutdown (and a test reads what it caused).
  app.addHook('onClose', () => usage.close());

  // An API answer is data, never a page: no sniffing, no caching of per-user answers, no framing.
  // A route may set a stricter policy of its own (an HTML document's sandbox).
  app.addHook('onSend', async (_request, reply) => {
    reply.header('x-content-type-options', 'nosniff');
    if (!reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
    if (!reply.hasHeader('content-security-policy')) reply.header('content-security-policy', "default-src 'none'; frame-ancestors 'none'");
  });

  // The repositories, each built once here and handed to the routes that use it: a route file
  // builds none and imports no other route file (docs/decisions.md "Server routes are leaves").
  const settings = new SettingsRepository(db);
  const collections = new CollectionsRepository(db);
  const files = new FilesRepository(db);
  const runs = new IngestionRunsRepository(db);
  const conversations = new ConversationsRepository(db);
  // Shared conversations' read-only snapshots (docs/chat.md "Sharing a conversation").
  const snapshots = new ConversationSnapshotsRepository(db);
  // Developer mode (docs/developer-mode.md): answers' raw events, kept when it was on.
  const eventLogs = new MessageEventLogsRepository(db);
  // Grounded answers (QA and chat) and their sources job (docs/qa.md).
  const traces = new GroundingTracesRepository(db);
  const canvases = new CanvasesRepository(db);
  // Agents (docs/agents.md): personal and company agents, chatted with in a conversation.
  const agents = new AgentsRepository(db);
  const mcpServers = new McpServersRepository(db);
  const feedback = new FeedbackRepository(db);
  // Custom apps, "create your own" (docs/custom-apps.md), and the apps page's favourites.
  const customApps = new CustomAppsRepository(db);
  const favourites = new AppFavouritesRepository(db);
  // The guided start on a user's first visit (docs/get-started.md).
  const onboarding = new OnboardingRepository(db);
  // Sharing (docs/sharing.md): who has access to an item, and how listed items reach their viewer.
  const shares = new SharesRepository(db, groupNamer(config.auth.groupNames));
  // The prompt library (docs/prompts.md): saved prompts, the owner's and those shared with the user.
  const prompts = new PromptsRepository(db, shares);
  // Memory (docs/memory.md): what each user asked the assistant to remember, theirs alone.
  const memories = new MemoriesRepository(db);
  const jobs = new JobQueue(db);
  // The kinds of item that can be shared (docs/sharing.md, sharing/shareable-kinds.ts).
  // Projects (docs/projects.md): conversations grouped with files and instructions, shareable.
  const projects = new ProjectsRepository(db);
  const kinds = shareableKinds({ db, shares, collections, agents, customApps, conversations, prompts, projects });
  // Document libraries (docs/document-libraries.md): connections with sealed credentials, and
  // sessions that reach a library only through the allow-listed fetch.
  const librariesLog = app.log.child({ component: 'libraries' });
  const { connections: libraryConnections, sessions: librarySessions, microsoft } = await librariesFromConfig(config, db, librariesLog);
  // After a key rotation, every connection is sealed again with the new first key.
  const resealed = await libraryConnections.resealAll().catch((error: unknown) => {
    librariesLog.warn({ err: error }, 'could not seal library credentials with the current key');
    return 0;
  });
  if (resealed > 0) librariesLog.info({ resealed }, 'library credentials sealed with the current key');

  const models = givenModels ?? ModelProvider.fromConfig(config.inference, app.log.child({ component: 'inference' }), telemetry?.metrics, usage);
  const translation = translationServiceFromConfig(config, models);
  const maxCharacters = config.translation.maxCharacters;
  const storage = givenStorage ?? new FileStorage(config.dataDir);
  // main.ts passes the one it built from the database's extensions and EMBEDDINGS_MODEL; without
  // one, full-text mode (full-text and compound words, no vectors).
  const retriever = givenRetriever ?? createRetriever({ db, storage: { vector: false, vectorVersion: undefined } });
  // Deep research (docs/deep-research.md): the runs' jobs are main.ts's research runner; runs start
  // from POST /research and from a chat message.
  const research = new ResearchService({ db, research: new ResearchRepository(db), jobs, nudge: nudgeResearch ?? (() => {}), limits: config.research, notifications });
  // Library folders kept in sync with collections (docs/document-libraries.md#sync); their syncs are main.ts's sync runner.
  const libraryBindings = new LibraryBindingsRepository(db, libraryConnections);
  const libraryDocuments = new LibraryDocuments({ db, files, storage, limits: uploadLimitsFromConfig(config.limits) });
  const usageReports = new UsageReports(db, groupNamer(config.auth.groupNames));
  await app.register(healthRoutes, { db });
  await app.register(
    async (api) => {
      await api.register(openApiRoutes);
      await api.register(startupRoutes, { settings, limits: config.limits });
      await api.register(configRoutes, { settings, limits: config.limits });
      await api.register(iamRoutes, { prefix: '/iam' });
      await api.register(adminSettingsRoutes, { prefix: '/admin', settings });
      await api.register(mcpServerRoutes, { servers: mcpServers, settings });
      await api.register(feedbackRoutes, { feedback });
      await api.register(answerRatingRoutes, { db, ratings: new AnswerRatingsRepository(db) });
      await api.register(translationRoutes, { translation, maxCharacters });
      await api.register(easyLanguageRoutes, { models, maxCharacters });
      await api.register(conversationRoutes, {
        conversations,
        sharingOf: shares.sharingOf,
        mayFileInto: mayFileInto(projects),
        projectOf: { value: (viewer, conversationId) => projects.ofConversationValue(viewer, conversationId), from: conversationProjectFrom },
        models,
        storage,
        collections,
        grounding: { db, retriever, traces, maxCharacters: config.qa.maxCharacters },
        // Built-in tools (docs/tools.md): each search gives at most half the grounded budget.
        tools: config.tools.chat
          ? {
              services: { db, retriever, files, searchMaxCharacters: Math.floor(config.qa.maxCharacters / 2), webSearch: config.tools.webSearch },
              maxSteps: config.tools.maxSteps,
              loopTimeMs: config.tools.loopTimeMs,
              callTimeMs: config.tools.callTimeMs,
            }
          : undefined,
        research,
        agents,
        settings,
        mcpServers,
        developer: { traceViewerUrl: config.telemetry.traceViewerUrl, eventLogs },
        memories,
      });
      await api.register(conversationEventsRoutes, { eventLogs });
      await api.register(conversationFileRoutes, { conversations, collections, files, storage, limits: config.limits, nudge: nudgeIngestion ?? (() => {}) });
      await api.register(localChatRoutes, { models, agents, memory: { db, memories } });
      await api.register(sharedConversationRoutes, { snapshots, storage });
      await api.register(conversationImportRoutes, { db });
      // The canvas (docs/canvas.md): documents beside a conversation, and the model's edits.
      await api.register(canvasRoutes, { canvases });
      await api.register(canvasEditAgentRoutes, { models, canvases });
      await api.register(agentRoutes, { agents, collections, servers: mcpServers, models, sharingOf: shares.sharingOf, shareCheck: new AgentShareCheck(db, directory) });
      await api.register(generateAgentRoutes, {
        models,
        collections,
        servers: mcpServers,
        settings,
        // The built-in tools an agent can be given: those chat offers (docs/tools.md).
        tools: config.tools.chat ? ['search_documents', 'read_document_page', ...(config.tools.webSearch ? (['web_search'] as const) : [])] : [],
      });
      await api.register(qaResourcesRoutes, { collections, models, retriever, qa: config.qa });
      await api.register(qaChatRoutes, { db, collections, files, models, retriever, traces, qa: config.qa });
      await api.register(qaSourcesRoutes, { traces, jobs, nudge: nudgeJobs ?? (() => {}) });
      await api.register(messageSourcesRoutes, { traces, jobs, nudge: nudgeJobs ?? (() => {}) });
      await api.register(collectionRoutes, { collections, files, storage, sharingOf: shares.sharingOf });
      await api.register(searchRoutes, { collections, files, retriever });
      await api.register(libraryRoutes, {
        connections: libraryConnections,
        sessions: librarySessions,
        // Disconnecting with documents=remove takes what its syncs imported out of the collections and search.
        onDisconnect: async (connection, documents) => {
          if (documents === 'remove') await libraryDocuments.removeAllOfConnection(connection.id);
        },
      });
      await api.register(microsoftLibraryRoutes, {
        connections: libraryConnections,
        sessions: librarySessions,
        states: new OAuthStatesRepository(db),
        microsoft,
        portalOrigin: config.portalOrigin,
      });
      await api.register(fileRoutes, { collections, files, runs, storage, nudge: nudgeIngestion ?? (() => {}) });
      await api.register(uploadRoutes, { collections, files, runs, storage, limits: config.limits, nudge: nudgeIngestion ?? (() => {}) });
      await api.register(libraryBindingRoutes, { bindings: libraryBindings, collections, documents: libraryDocuments, jobs, nudge: nudgeLibrarySync ?? (() => {}) });
      await api.register(researchRoutes, { research, settings });
      await api.register(customAppRoutes, {
        apps: customApps,
        settings,
        models,
        files,
        context: config.inference.contextTokens,
        maxTokens: config.inference.maxTokens,
        sharingOf: shares.sharingOf,
      });
      await api.register(customAppHistoryRoutes, { apps: customApps, settings, sharingOf: shares.sharingOf });
      await api.register(appFavouriteRoutes, { favourites, apps: customApps });
      await api.register(onboardingRoutes, { onboarding });
      await api.register(shareRoutes, { kinds, shares, directory, companyRole: config.auth.shareWithCompanyRole });
      await api.register(directoryRoutes, { directory });
      await api.register(adminGroupRoutes, { directory });
      await api.register(usageRoutes, { meter: usage, reports: usageReports });
      await api.register(adminUsageRoutes, { meter: usage, reports: usageReports });
      await api.register(adminBudgetRoutes, { budgets: new BudgetSettingsRepository(db), meter: usage, audit: new AuditLog(db), groupName: groupNamer(config.auth.groupNames) });
      // The audit log (docs/operations.md "Audit log"): administrators read and export it, nobody changes it.
      await api.register(adminAuditRoutes, { audit: new AuditLogReader(db) });
      await api.register(sharedWithMeRoutes, { kinds, shares });
      await api.register(promptRoutes, { prompts, sharingOf: shares.sharingOf });
      await api.register(memoryRoutes, { memories, settings });
      await api.register(projectRoutes, { projects, conversations, storage, sharingOf: shares.sharingOf });
      await api.register(projectFileRoutes, { projects, collections, files, storage, limits: config.limits, nudge: nudgeIngestion ?? (() => {}) });
      // Retention (docs/operations.md "Retention"): the policy and runs for administrators; a user's
      // own data: how long it is kept, its export and "delete all my conversations".
      const retentionAudit = new AuditLog(db);
      const retentionPolicies = new RetentionPolicyRepository(db, retentionAudit);
      const retentionRuns = new RetentionRuns(db, retentionPolicies, retentionAudit);
      await api.register(adminRetentionRoutes, { policies: retentionPolicies, runs: retentionRuns, directory, nudge: nudgeRetention ?? (() => {}) });
      await api.register(myDataRoutes, { db, policies: retentionPolicies, exporter: new DataExport(db), files: new FileRemovals(db, storage), audit: retentionAudit, memories });
      // Use cases (docs/use-cases.md): summarize and generate stream; transcribe answers JSON.
      await api.register(summarizeRoutes, {
        models,
        settings,
        files,
        maxFileBytes: megabytesToBytes(config.limits.maxFileUploadSizeMB),
        context: config.inference.contextTokens,
        maxTokens: config.inference.maxTokens,
      });
      await api.register(generateRoutes, { models, settings });
      await api.register(transcriptionRoutes, {
        transcription: new TranscriptionClient(config.transcription, usage),
        maxAudioBytes: megabytesToBytes(config.limits.maxAudioFileUploadSizeMB),
      });
      await api.register(speechRoutes, { speech: new SpeechClient(config.textToSpeech, usage) });
    },
    { prefix: '/api' },
  );
  return app;
}
