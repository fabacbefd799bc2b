import type { ShareItemKind } from '@assistant/contracts';
import type { AgentsRepository } from '../agents/agents-repository';
import type { CustomAppsRepository } from '../custom-apps/custom-apps-repository';
import type { Database } from '../db/database';
import type { CollectionsRepository } from '../db/repositories/collections-repository';
import type { ConversationsRepository } from '../db/repositories/conversations-repository';
import type { ProjectsRepository } from '../projects/projects-repository';
import type { PromptsRepository } from '../prompts/prompts-repository';
import { agentKind } from './kinds/agent';
import { collectionKind } from './kinds/collection';
import { conversationKind } from './kinds/conversation';
import { customAppKind } from './kinds/custom-app';
import { projectKind } from './kinds/project';
import { promptKind } from './kinds/prompt';
import type { ShareableKind } from './shareable-kind';
import type { SharesRepository } from './shares-repository';

/** What the kinds are built from: app.ts's repositories (each built once there). */
export interface ShareableKindDependencies {
  db: Database;
  shares: SharesRepository;
  collections: CollectionsRepository;
  agents: AgentsRepository;
  customApps: CustomAppsRepository;
  conversations: ConversationsRepository;
  prompts: PromptsRepository;
  projects: ProjectsRepository;
}

export type ShareableKinds = Partial<Record<ShareItemKind, ShareableKind>>;

/**
 * The kinds of item that can be shared, each from its file in sharing/kinds/ (one line here per
 * kind). A kind not listed here is not shareable: the sharing routes answer 404 for it.
 */
export function shareableKinds(deps: ShareableKindDependencies): ShareableKinds {
  const kinds: ShareableKind[] = [promptKind(deps.prompts), conversationKind(deps), collectionKind(deps.collections), agentKind(deps.agents), customAppKind(deps.customApps), projectKind(deps.projects)];
  return Object.fromEntries(kinds.map((kind) => [kind.kind, kind]));
}
