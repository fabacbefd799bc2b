import type { Migration } from 'kysely';
import * as settingsAndIdp from './0001-settings-and-idp';
import * as feedback from './0002-feedback';
import * as collections from './0003-collections';
import * as conversations from './0004-conversations';
import * as messageWrittenAt from './0005-message-written-at';
import * as userLimits from './0006-user-limits';
import * as embeddings from './0007-embeddings';
import * as jobs from './0008-jobs';
import * as groundingTraces from './0009-grounding-traces';
import * as conversationAttachments from './0010-conversation-attachments';
import * as mcpServers from './0011-mcp-servers';
import * as research from './0012-research';
import * as researchInChat from './0013-research-in-chat';
import * as canvases from './0014-canvases';
import * as agents from './0015-agents';
import * as customApps from './0016-custom-apps';
import * as customAppVersions from './0018-custom-app-versions';
import * as messageAttachmentsAndToolServers from './0019-message-attachments-and-tool-servers';
import * as ingestionJobs from './0020-ingestion-jobs';
import * as libraryConnections from './0021-library-connections';
import * as libraryBindings from './0022-library-bindings';
import * as userOnboarding from './0023-user-onboarding';
import * as developerMode from './0024-developer-mode';
import * as groupsAndSharing from './0025-groups-and-sharing';
import * as conversationSnapshots from './0026-conversation-snapshots';
import * as prompts from './0027-prompts';
import * as usageAndBudgets from './0028-usage-and-budgets';
import * as retention from './0029-retention';
import * as auditLogAppendOnly from './0030-audit-log-append-only';
import * as answerRatings from './0031-answer-ratings';
import * as conversationOrganization from './0032-conversation-organization';
import * as projects from './0033-projects';
import * as memory from './0034-memory';
import * as searchLexemes from './0035-search-lexemes';

/** Every migration in order. Names sort by their number; never rename or edit a shipped one. */
export const migrations: Record<string, Migration> = {
  '0001-settings-and-idp': settingsAndIdp,
  '0002-feedback': feedback,
  '0003-collections': collections,
  '0004-conversations': conversations,
  '0005-message-written-at': messageWrittenAt,
  '0006-user-limits': userLimits,
  '0007-embeddings': embeddings,
  '0008-jobs': jobs,
  '0009-grounding-traces': groundingTraces,
  '0010-conversation-attachments': conversationAttachments,
  '0011-mcp-servers': mcpServers,
  '0012-research': research,
  '0013-research-in-chat': researchInChat,
  '0014-canvases': canvases,
  '0015-agents': agents,
  '0016-custom-apps': customApps,
  '0018-custom-app-versions': customAppVersions,
  '0019-message-attachments-and-tool-servers': messageAttachmentsAndToolServers,
  '0020-ingestion-jobs': ingestionJobs,
  '0021-library-connections': libraryConnections,
  '0022-library-bindings': libraryBindings,
  '0023-user-onboarding': userOnboarding,
  '0024-developer-mode': developerMode,
  '0025-groups-and-sharing': groupsAndSharing,
  '0026-conversation-snapshots': conversationSnapshots,
  '0027-prompts': prompts,
  '0028-usage-and-budgets': usageAndBudgets,
  '0029-retention': retention,
  '0030-audit-log-append-only': auditLogAppendOnly,
  '0031-answer-ratings': answerRatings,
  '0032-conversation-organization': conversationOrganization,
  '0033-projects': projects,
  '0034-memory': memory,
  '0035-search-lexemes': searchLexemes,
};
