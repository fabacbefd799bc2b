import type { CustomAppVersionChange } from '@assistant/contracts';
import type { ColumnType, Generated } from 'kysely';

/** Table types for Kysely. One interface per table; keep in step with migrations/. */
export interface DatabaseSchema {
  app_settings: AppSettingsTable;
  oidc_payloads: OidcPayloadsTable;
  feedback: FeedbackTable;
  collections: CollectionsTable;
  files: FilesTable;
  ingestion_runs: IngestionRunsTable;
  jobs: JobsTable;
  document_pages: DocumentPagesTable;
  passages: PassagesTable;
  passage_embeddings: PassageEmbeddingsTable;
  conversations: ConversationsTable;
  projects: ProjectsTable;
  messages: MessagesTable;
  message_event_logs: MessageEventLogsTable;
  rate_limits: RateLimitsTable;
  stream_leases: StreamLeasesTable;
  grounding_traces: GroundingTracesTable;
  mcp_servers: McpServersTable;
  research_runs: ResearchRunsTable;
  research_events: ResearchEventsTable;
  canvases: CanvasesTable;
  canvas_versions: CanvasVersionsTable;
  agents: AgentsTable;
  agent_versions: AgentVersionsTable;
  custom_apps: CustomAppsTable;
  custom_app_versions: CustomAppVersionsTable;
  user_app_favourites: UserAppFavouritesTable;
  user_onboarding: UserOnboardingTable;
  library_connections: LibraryConnectionsTable;
  oauth_states: OAuthStatesTable;
  library_bindings: LibraryBindingsTable;
  library_items: LibraryItemsTable;
  directory_users: DirectoryUsersTable;
  directory_groups: DirectoryGroupsTable;
  group_members: GroupMembersTable;
  shares: SharesTable;
  audit_log: AuditLogTable;
  shared_with_me_seen: SharedWithMeSeenTable;
  prompts: PromptsTable;
  conversation_snapshots: ConversationSnapshotsTable;
  usage_events: UsageEventsTable;
  usage_balances: UsageBalancesTable;
  budget_settings: BudgetSettingsTable;
  retention_runs: RetentionRunsTable;
  file_removals: FileRemovalsTable;
  answer_ratings: AnswerRatingsTable;
  memories: MemoriesTable;
  memory_preferences: MemoryPreferencesTable;
}

/** Administrator-controlled settings: one row per key (feature_flags, feature_set, customization). */
export interface AppSettingsTable {
  key: string;
  value: ColumnType<unknown, string, string>;
  updated_at: ColumnType<Date, Date | undefined, Date>;
  updated_by: string | null;
}

/** Persisted state of the dev identity provider (sessions, grants, codes, tokens). */
export interface OidcPayloadsTable {
  model: string;
  id: string;
  payload: ColumnType<Record<string, unknown>, string, string>;
  grant_id: string | null;
  user_code: string | null;
  uid: string | null;
  expires_at: Date | null;
  consumed_at: Date | null;
  created_at: Generated<Date>;
}

/** Feedback users send from the portal (accessibility statement, general). */
export interface FeedbackTable {
  id: string;
  user_id: string;
  category: string;
  message: string;
  page: string | null;
  contact_email: string | null;
  ui_version: string;
  created_at: ColumnType<Date, Date | undefined, never>;
}

/**
 * Document collections: personal (owner_id = the owner's sub), company (owner_id null), or a
 * conversation's attachments (owner_id = the conversation's owner, conversation_id set; never
 * listed with the others).
 */
export interface CollectionsTable {
  id: string;
  scope: 'personal' | 'company' | 'conversation' | 'project';
  owner_id: string | null;
  conversation_id: ColumnType<string | null, string | null | undefined, never>;
  /** The project whose files it keeps (scope 'project', migration 0033). */
  project_id: ColumnType<string | null, string | null | undefined, never>;
  name: string;
  created_at: ColumnType<Date, Date | undefined, never>;
  updated_at: ColumnType<Date, Date | undefined, Date>;
}

/** Uploaded files; the bytes are at <DATA_DIR>/files/<storage_key>. */
export interface FilesTable {
  id: string;
  collection_id: string;
  name: string;
  version: number;
  media_type: string;
  /** bigint: pg hands it back as a string. */
  size: ColumnType<string, number, number>;
  storage_key: string;
  created_by: string;
  status: 'uploaded' | 'processing' | 'processing-failed' | 'processed';
  /** The original in a document library, for a file a library sync brought (migration 0022). */
  source_url: ColumnType<string | null, string | null | undefined, string | null>;
  created_at: ColumnType<Date, Date | undefined, never>;
  updated_at: ColumnType<Date, Date | undefined, Date>;
}

/**
 * One ingestion run per uploaded file version, as users see it; its work is the job of kind
 * `ingestion` with key `ingestion:<id>` (migration 0020), `attempts` that job's claim that last started it.
 */
export interface IngestionRunsTable {
  id: string;
  file_id: string;
  status: 'created' | 'running' | 'completed' | 'failed';
  attempts: ColumnType<number, number | undefined, number>;
  errors: ColumnType<unknown[] | null, string | null | undefined, string | null>;
  dataset_id: string | null;
  metadata: ColumnType<Record<string, unknown>, string | undefined, string>;
  created_at: ColumnType<Date, Date | undefined, never>;
  started_at: Date | null;
  finished_at: Date | null;
}

/** Long work any replica may run (jobs/job-queue.ts): claimed by lease, one per key. */
export interface JobsTable {
  id: string;
  kind: string;
  key: string | null;
  owner_id: string | null;
  payload: ColumnType<unknown, string | undefined, string>;
  status: 'pending' | 'running' | 'completed' | 'failed';
  result: ColumnType<unknown, string | null | undefined, string | null>;
  error: string | null;
  attempts: ColumnType<number, number | undefined, number>;
  locked_until: Date | null;
  created_at: ColumnType<Date, Date | undefined, never>;
  updated_at: ColumnType<Date, Date | undefined, Date>;
}

/** The text layer of each page (written by search/index-document.ts). */
export interface DocumentPagesTable {
  file_id: string;
  page_number: number;
  text: string;
  wordcount: number;
  boxes: ColumnType<unknown[], string | undefined, string>;
}

/** Searchable passages (written by search/index-document.ts). */
export interface PassagesTable {
  id: string;
  file_id: string;
  collection_id: string;
  page_number: number;
  start_offset: number;
  end_offset: number;
  text: string;
  language: string;
  tsv: ColumnType<string, unknown, unknown>;
}

/**
 * A passage's embedding (migration 0007; only where pgvector is available): written by
 * search/index-document.ts and the re-embedding job, one per passage, with the model and dimension.
 */
export interface PassageEmbeddingsTable {
  passage_id: string;
  collection_id: string;
  file_id: string;
  model: string;
  dims: number;
  /** pgvector `vector` as text: `[0.1,0.2,...]`. */
  embedding: string;
  created_at: ColumnType<Date, Date | undefined, never>;
}

/** Chat conversations: each its owner's alone (owner_id = the owner's sub). */
export interface ConversationsTable {
  id: string;
  owner_id: string;
  name: string;
  created_at: ColumnType<Date, Date | undefined, never>;
  updated_at: ColumnType<Date, Date | undefined, Date>;
  /** The agent the conversation is with (its first message's `personality`; migration 0015). */
  agent_id: ColumnType<string | null, string | null | undefined, string | null>;
  /** The tool (MCP) servers picked in the composer for this conversation (string[]; migration 0019). */
  tool_server_ids: ColumnType<unknown, string | undefined, string>;
  /** Pinned since, archived since, and the project it is in (migration 0032). */
  pinned_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  archived_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  project_id: ColumnType<string | null, string | null | undefined, string | null>;
}

/** Projects: a user's conversations grouped with instructions and files (migration 0032). */
export interface ProjectsTable {
  id: string;
  owner_id: string;
  name: string;
  instructions: ColumnType<string, string | undefined, string>;
  created_at: ColumnType<Date, Date | undefined, never>;
  updated_at: ColumnType<Date, Date | undefined, Date>;
}

/** Chat messages: a tree per conversation through parent_message_id; `seq` is the storing order. */
export interface MessagesTable {
  message_id: string;
  conversation_id: string;
  parent_message_id: string | null;
  seq: Generated<number>;
  role: 'user' | 'assistant' | 'system';
  content: string;
  status: 'complete' | 'streaming' | 'stopped' | 'error';
  model: string | null;
  reasoning: string | null;
  /** The tool events of an answer (ToolEvent[], its retrieval step), shown again after a reload. */
  tool_events: ColumnType<unknown[] | null, string | null | undefined, string | null>;
  created_at: ColumnType<Date, Date | undefined, never>;
  /** The last write of the message (its creation, progress of a streaming answer, its end). */
  written_at: ColumnType<Date, Date | undefined, Date>;
  /** The deep research run an assistant message belongs to (migration 0013). */
  research_id: ColumnType<string | null, string | null | undefined, string | null>;
  /** The files a question was sent with (MessageAttachment[]; migration 0019). */
  attachments: ColumnType<unknown[] | null, string | null | undefined, string | null>;
  /** An answer's developer details (AnswerDetails; migration 0024). */
  details: ColumnType<unknown | null, string | null | undefined, string | null>;
}

/** The raw stream events of an answer given in developer mode (JSON lines; migration 0024). */
export interface MessageEventLogsTable {
  message_id: string;
  conversation_id: string;
  events: string;
  created_at: ColumnType<Date, Date | undefined, never>;
}

/** Model-call counters of @fastify/rate-limit, one row per key (`model:<sub>`) and window. */
export interface RateLimitsTable {
  key: string;
  window_start: ColumnType<Date, Date | undefined, Date>;
  expires_at: Date;
  count: number;
}

/** A stream in progress holds one slot of its user until released or its lease expires. */
export interface StreamLeasesTable {
  user_id: string;
  slot: number;
  lease_id: string;
  acquired_at: ColumnType<Date, Date | undefined, Date>;
  expires_at: Date;
}

/** A grounded answer (QA or a chat message): the windows given to the model, the answer, the judged sources. */
export interface GroundingTracesTable {
  id: string;
  owner_id: string;
  kind: 'qa' | 'chat';
  question: string;
  answer: string | null;
  model: string;
  /** SourceWindow[] (grounding/source-windows.ts). */
  windows: ColumnType<unknown, string, never>;
  conversation_id: string | null;
  message_id: string | null;
  /** StoredSources (grounding-traces-repository.ts), once the sources job ran. */
  sources: ColumnType<unknown, string | null | undefined, string | null>;
  created_at: ColumnType<Date, Date | undefined, never>;
}

/** The company's MCP tool servers (administrators register them); `bearer_token` never leaves the server except to `url`. */
export interface McpServersTable {
  id: string;
  name: string;
  url: string;
  bearer_token: string | null;
  created_by: string;
  created_at: ColumnType<Date, Date | undefined, never>;
}

/** Deep research runs (docs/deep-research.md); `plan` and `sources` are read through research-repository.ts. */
export interface ResearchRunsTable {
  id: string;
  owner_id: string;
  conversation_id: string | null;
  user_message_id: string | null;
  assistant_message_id: string | null;
  question: string;
  collections: ColumnType<unknown, string | undefined, string>;
  /** The MCP servers (ids) whose tools the run's tasks are offered (migration 0013). */
  server_ids: ColumnType<unknown, string | undefined, string>;
  model: string | null;
  status: 'running' | 'awaiting_clarification' | 'awaiting_approval' | 'completed' | 'failed' | 'cancelled';
  stage: 'start' | 'clarification' | 'planning' | 'execution' | 'generation' | 'end';
  clarification_question: string | null;
  clarification_answer: string | null;
  title: string | null;
  plan: ColumnType<unknown, string | null | undefined, string | null>;
  sources: ColumnType<unknown, string | undefined, string>;
  report: string | null;
  trace_id: string | null;
  job_id: string | null;
  error: string | null;
  created_at: ColumnType<Date, Date | undefined, never>;
  updated_at: ColumnType<Date, Date | undefined, Date>;
}

/** A run's events in order: `seq` counts from 1 per run; `event` is a DeepResearchEvent. */
export interface ResearchEventsTable {
  research_id: string;
  seq: number;
  event: ColumnType<unknown, string, never>;
  created_at: ColumnType<Date, Date | undefined, never>;
}

/** Canvas documents (docs/canvas.md): each belongs to a conversation and its owner; `version` is the current one. */
export interface CanvasesTable {
  id: string;
  owner_id: string;
  conversation_id: string;
  title: string;
  version: number;
  created_at: ColumnType<Date, Date | undefined, never>;
  updated_at: ColumnType<Date, Date | undefined, Date>;
}

/** The versions of a canvas, numbered from 1; never changed once stored. */
export interface CanvasVersionsTable {
  canvas_id: string;
  version: number;
  author: 'user' | 'model';
  instruction: string | null;
  restored_from: number | null;
  markdown: string;
  /** `markdown.length` (UTF-16 code units, as CANVAS_MAX_CHARACTERS counts). */
  characters: number;
  created_at: ColumnType<Date, Date | undefined, never>;
}

/** Agents (docs/agents.md): personal (the owner's alone) or company (published); `version` is the current one. */
export interface AgentsTable {
  id: string;
  owner_id: string;
  visibility: 'personal' | 'company';
  name: string;
  version: number;
  created_at: ColumnType<Date, Date | undefined, never>;
  updated_at: ColumnType<Date, Date | undefined, Date>;
}

/** The versions of an agent, numbered from 1, each the whole form; never changed once stored. */
export interface AgentVersionsTable {
  agent_id: string;
  version: number;
  definition: ColumnType<unknown, string, never>;
  created_by: string;
  created_at: ColumnType<Date, Date | undefined, never>;
}

/** Custom apps (docs/custom-apps.md; migration 0016): personal or company; `version` counts every change from 1. */
export interface CustomAppsTable {
  id: string;
  owner_id: string;
  visibility: 'personal' | 'company';
  name: string;
  icon: string;
  description: string;
  template: string;
  /** CustomAppVariable[] (read back through the contract's schema). */
  variables: ColumnType<unknown, string, string>;
  version: number;
  published_by: string | null;
  published_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  created_at: ColumnType<Date, Date | undefined, never>;
  updated_at: ColumnType<Date, Date | undefined, Date>;
}

/** The versions of a custom app (migration 0018), numbered like `custom_apps.version`; never changed once stored. */
export interface CustomAppVersionsTable {
  app_id: string;
  version: number;
  change: CustomAppVersionChange;
  restored_from: number | null;
  /** CustomAppDefinition (read back through the contract's schema). */
  definition: ColumnType<unknown, string, never>;
  created_by: string;
  created_at: ColumnType<Date, Date | undefined, never>;
}

/** Each user's favourite apps of the apps page (migration 0016): `app_ids` is string[] in their order. */
export interface UserAppFavouritesTable {
  owner_id: string;
  app_ids: ColumnType<unknown, string, string>;
  updated_at: ColumnType<Date, Date | undefined, Date>;
}

/** How the guided start ended for each user (migration 0023); no row: not yet seen. */
export interface UserOnboardingTable {
  user_id: string;
  status: 'completed' | 'skipped';
  step: number | null;
  updated_at: ColumnType<Date, Date | undefined, Date>;
}

/** Connected document libraries (migration 0021, libraries/library-connections-repository.ts). */
export interface LibraryConnectionsTable {
  id: string;
  owner_id: string;
  scope: 'personal' | 'company';
  kind: string;
  name: string;
  url: string;
  account: string;
  /** The connector's credentials, encrypted (libraries/library-secrets.ts); never returned. */
  credentials: string;
  state: 'connected' | 'needs-sign-in' | 'failed';
  problem: string | null;
  created_at: ColumnType<Date, Date | undefined, never>;
  updated_at: ColumnType<Date, Date | undefined, Date>;
}

/** A library sign-in popup under way (migration 0021): its PKCE verifier until the popup returns. */
export interface OAuthStatesTable {
  state: string;
  owner_id: string;
  verifier: string;
  name: string;
  scope: 'personal' | 'company';
  redirect_uri: string;
  expires_at: Date;
  created_at: ColumnType<Date, Date | undefined, never>;
}

/** A library folder kept in sync with a collection (migration 0022, libraries/sync/). */
export interface LibraryBindingsTable {
  id: string;
  connection_id: string;
  collection_id: string;
  folder_id: string;
  folder_path: string;
  state: 'idle' | 'syncing' | 'paused' | 'failed';
  cursor: string | null;
  generation: ColumnType<number, number | undefined, number>;
  sync_started_at: Date | null;
  /** LibrarySyncProgress of the running or last sync. */
  progress: ColumnType<unknown, string | null | undefined, string | null>;
  problem: string | null;
  last_synced_at: Date | null;
  next_sync_at: Date | null;
  created_by: string;
  created_at: ColumnType<Date, Date | undefined, never>;
  updated_at: ColumnType<Date, Date | undefined, Date>;
}

/** A file a binding's sync found in its folder, and what became of it (migration 0022). */
export interface LibraryItemsTable {
  binding_id: string;
  entry_id: string;
  path: string;
  version: string;
  /** bigint: pg hands it back as a string. */
  size: ColumnType<string, number, number>;
  state: 'queued' | 'importing' | 'imported' | 'unchanged' | 'skipped' | 'failed' | 'removed';
  skip_reason: string | null;
  error_code: string | null;
  problem: string | null;
  file_id: string | null;
  source_url: string | null;
  content_type: string | null;
  generation: number;
  updated_at: ColumnType<Date, Date | undefined, Date>;
}

/** Everyone who signed in (migration 0025, sharing/directory-repository.ts). */
export interface DirectoryUsersTable {
  sub: string;
  name: string;
  email: string | null;
  last_seen_at: ColumnType<Date, Date | undefined, Date>;
}

/** Groups the identity provider sent at a sign-in; `display_name` is the administrators'. */
export interface DirectoryGroupsTable {
  id: string;
  display_name: string | null;
  first_seen_at: ColumnType<Date, Date | undefined, never>;
  last_seen_at: ColumnType<Date, Date | undefined, Date>;
}

export interface GroupMembersTable {
  group_id: string;
  user_sub: string;
  last_seen_at: ColumnType<Date, Date | undefined, Date>;
}

/** One share of an item with a user, a group or the company (`target_id` '' for the company). */
export interface SharesTable {
  id: string;
  item_kind: 'conversation' | 'agent' | 'custom_app' | 'collection' | 'prompt' | 'project';
  item_id: string;
  target_type: 'user' | 'group' | 'company';
  target_id: string;
  role: 'view' | 'edit';
  shared_by: string;
  created_at: ColumnType<Date, Date | undefined, never>;
  updated_at: ColumnType<Date, Date | undefined, Date>;
}

/** Append-only: who did what to which item, before and after (never prompt or document text). */
export interface AuditLogTable {
  id: Generated<string>;
  at: ColumnType<Date, Date | undefined, never>;
  actor_sub: string;
  action: string;
  subject_kind: string;
  subject_id: string;
  before: ColumnType<unknown, string | null | undefined, never>;
  after: ColumnType<unknown, string | null | undefined, never>;
}

export interface SharedWithMeSeenTable {
  user_sub: string;
  seen_at: Date;
}

/**
 * The read-only snapshot of a shared conversation (migration 0026): the server's conversation's id,
 * or a server-made id for one kept in the browser (`local_conversation_id` its browser id).
 */
export interface ConversationSnapshotsTable {
  conversation_id: string;
  owner_sub: string;
  local_conversation_id: string | null;
  title: string;
  /** SnapshotMessage[] (contracts conversation-snapshots.ts). */
  messages: ColumnType<unknown[], string, string>;
  include_attachments: boolean;
  taken_at: ColumnType<Date, Date | undefined, Date>;
}

/** A run of the retention job (migration 0029, retention/): what it deleted so far, by kind. */
export interface RetentionRunsTable {
  id: string;
  started_at: ColumnType<Date, Date | undefined, never>;
  finished_at: Date | null;
  status: 'running' | 'done' | 'failed';
  /** Partial<Record<RetentionKind, number>>. */
  deleted: ColumnType<Record<string, number>, string | undefined, string>;
  /** The administrator who asked for it; null: the daily schedule. */
  requested_by: string | null;
  /** The RetentionPolicy the run started with (a resumed run deletes by the same rules). */
  policy: ColumnType<unknown, string | null | undefined, string | null>;
  error: string | null;
}

/** Stored bytes whose rows are gone, removed from disk once their deletion committed (migration 0029). */
export interface FileRemovalsTable {
  storage_key: string;
  queued_at: ColumnType<Date, Date | undefined, never>;
}

/** Saved prompts of the prompt library (migration 0027, prompts/prompts-repository.ts). */
export interface PromptsTable {
  id: string;
  owner_id: string;
  title: string;
  /** With {{variables}} (contracts prompts.ts). */
  text: string;
  created_at: ColumnType<Date, Date | undefined, never>;
  updated_at: ColumnType<Date, Date | undefined, Date>;
}

/** What a user asked the assistant to remember (migration 0034, memory/memories-repository.ts). */
export interface MemoriesTable {
  id: string;
  owner_id: string;
  text: string;
  /** The text as compared (contracts' memoryKey), unique per owner. */
  key: string;
  source: 'chat' | 'settings';
  created_at: ColumnType<Date, Date | undefined, never>;
  updated_at: ColumnType<Date, Date | undefined, Date>;
}

/** A user who switched memory off for themselves (migration 0034); no row: on. */
export interface MemoryPreferencesTable {
  owner_id: string;
  use_memory: boolean;
  updated_at: ColumnType<Date, Date | undefined, Date>;
}

/**
 * A user's rating of one answer (migration 0031, ratings/answer-ratings-repository.ts): one row per
 * user and answer. `question_text` and `answer_text` only when `share_with_admins`.
 */
export interface AnswerRatingsTable {
  id: string;
  user_sub: string;
  target_kind: 'chat_message' | 'qa_answer' | 'app_run';
  target_id: string;
  conversation_id: string | null;
  feature: string;
  model: string | null;
  agent_id: string | null;
  rating: 'up' | 'down';
  /** RatingReason[] (contracts answer-ratings.ts). */
  reasons: ColumnType<string[], string, string>;
  comment: string | null;
  share_with_admins: boolean;
  question_text: string | null;
  answer_text: string | null;
  ui_version: string;
  created_at: ColumnType<Date, Date | undefined, never>;
  updated_at: ColumnType<Date, Date | undefined, Date>;
}

/** One model call of a user (migration 0028, usage/usage-meter.ts); retention deletes by `at`. */
export interface UsageEventsTable {
  id: Generated<string>;
  at: ColumnType<Date, Date | undefined, never>;
  user_sub: string;
  /** The user's group ids then (a JSON array). */
  groups: ColumnType<string[], string, never>;
  feature: string;
  model: string;
  input_tokens: number;
  output_tokens: number;
  estimated_tokens: number;
  /** numeric: a string when read. */
  cost: ColumnType<string | null, number | null, never>;
  audio_seconds: number | null;
}

/** A user's totals of a month (migration 0028), settled by each batch of usage events. */
export interface UsageBalancesTable {
  user_sub: string;
  /** The month's first day, written and compared as YYYY-MM-01 (read it as text: a driver makes a local-time Date of a date). */
  month: ColumnType<string, string, never>;
  tokens: ColumnType<string, number, number>;
  cost: ColumnType<string, number, number>;
  notice_seen_at: Date | null;
}

/** The one budget settings document (contracts usage.ts budgetSettingsSchema, without names). */
export interface BudgetSettingsTable {
  id: ColumnType<boolean, boolean | undefined, never>;
  document: ColumnType<unknown, string, string>;
  updated_at: ColumnType<Date, Date | undefined, Date>;
  updated_by: string | null;
}
