import type { Message } from '@assistant/contracts';

/**
 * The messages of a conversation as a tree (docs/chat.md "The message tree"): every message names
 * its parent, several children of one parent are siblings (regenerated answers, edited questions),
 * ordered as stored. The screen shows one branch, from the root to a leaf; which leaf is the only
 * state the screen keeps.
 */
export interface MessageTree {
  readonly byId: ReadonlyMap<string, Message>;
  /** Children of each message id; the roots under `null`. Ordered as stored (oldest first). */
  readonly children: ReadonlyMap<string | null, readonly Message[]>;
  /** Position in the stored order: larger is newer. */
  readonly order: ReadonlyMap<string, number>;
}

/** Where a message stands among its siblings (same parent). */
export interface SiblingPosition {
  /** 0-based. */
  index: number;
  count: number;
  previousId: string | undefined;
  nextId: string | undefined;
}

/** Builds the tree from the stored list (oldest first). Messages whose parent is unknown become roots. */
export function buildMessageTree(messages: readonly Message[]): MessageTree {
  const byId = new Map<string, Message>();
  const order = new Map<string, number>();
  messages.forEach((message, index) => {
    byId.set(message.message_id, message);
    order.set(message.message_id, index);
  });
  const children = new Map<string | null, Message[]>();
  for (const message of messages) {
    const parent = message.parent_message_id !== null && byId.has(message.parent_message_id) ? message.parent_message_id : null;
    const list = children.get(parent);
    if (list) list.push(message);
    else children.set(parent, [message]);
  }
  return { byId, children, order };
}

function parentKey(tree: MessageTree, message: Message): string | null {
  return message.parent_message_id !== null && tree.byId.has(message.parent_message_id) ? message.parent_message_id : null;
}

/**
 * The newest message in the subtree below `fromId` (itself included); without `fromId`, the newest
 * message of the whole conversation. Undefined for an empty tree or an unknown id.
 */
export function newestLeaf(tree: MessageTree, fromId?: string): string | undefined {
  if (fromId === undefined) {
    let newest: string | undefined;
    let newestOrder = -1;
    for (const [id, position] of tree.order) {
      if (position > newestOrder) {
        newest = id;
        newestOrder = position;
      }
    }
    return newest;
  }
  if (!tree.byId.has(fromId)) return undefined;
  let newest = fromId;
  let newestOrder = tree.order.get(fromId) ?? -1;
  const stack = [fromId];
  while (stack.length > 0) {
    const id = stack.pop()!;
    for (const child of tree.children.get(id) ?? []) {
      const position = tree.order.get(child.message_id) ?? -1;
      if (position > newestOrder) {
        newest = child.message_id;
        newestOrder = position;
      }
      stack.push(child.message_id);
    }
  }
  return newest;
}

/** The messages from the root down to `leafId`, root first; empty for an unknown id. */
export function branchTo(tree: MessageTree, leafId: string | undefined): Message[] {
  const branch: Message[] = [];
  const seen = new Set<string>();
  let current = leafId === undefined ? undefined : tree.byId.get(leafId);
  while (current && !seen.has(current.message_id)) {
    seen.add(current.message_id);
    branch.push(current);
    const parent = parentKey(tree, current);
    current = parent === null ? undefined : tree.byId.get(parent);
  }
  return branch.reverse();
}

/**
 * The branch the screen shows: root to `leafId` when it is known, else root to the newest message.
 * A leaf that is not a leaf (it has children) still ends the branch there: the caller chose it.
 */
export function activeBranch(tree: MessageTree, leafId: string | undefined): Message[] {
  const leaf = leafId !== undefined && tree.byId.has(leafId) ? leafId : newestLeaf(tree);
  return branchTo(tree, leaf);
}

/** The message's place among its siblings. */
export function siblingPosition(tree: MessageTree, messageId: string): SiblingPosition {
  const message = tree.byId.get(messageId);
  if (!message) return { index: 0, count: 1, previousId: undefined, nextId: undefined };
  const siblings = tree.children.get(parentKey(tree, message)) ?? [message];
  const index = Math.max(0, siblings.findIndex((sibling) => sibling.message_id === messageId));
  return {
    index,
    count: siblings.length,
    previousId: siblings[index - 1]?.message_id,
    nextId: siblings[index + 1]?.message_id,
  };
}

/** The leaf to show after switching to sibling `siblingId`: that sibling's newest descendant. */
export function leafAfterSwitch(tree: MessageTree, siblingId: string): string | undefined {
  return newestLeaf(tree, siblingId);
}

/**
 * The question a research answer's run was started with: the question above its first answer. A
 * run that asked a clarifying question has two answers with its research_id (the question, then
 * the run after the user's reply); regenerating either starts a research for the first question.
 */
export function researchQuestionOf(tree: MessageTree, answerId: string): Message | undefined {
  let answer = tree.byId.get(answerId);
  const researchId = answer?.research_id;
  for (;;) {
    const question = answer?.parent_message_id ? tree.byId.get(answer.parent_message_id) : undefined;
    if (question?.role !== 'user') return undefined;
    const before = question.parent_message_id ? tree.byId.get(question.parent_message_id) : undefined;
    if (researchId === undefined || before?.role !== 'assistant' || before.research_id !== researchId) return question;
    answer = before;
  }
}
