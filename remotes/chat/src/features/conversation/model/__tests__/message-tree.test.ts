import type { Message } from '@assistant/contracts';
import { activeBranch, branchTo, buildMessageTree, leafAfterSwitch, newestLeaf, siblingPosition } from '../message-tree';

const CONVERSATION = '7d0c6f0e-1f2a-4b3c-8d4e-5f6a7b8c9d01';
let minute = 0;
function m(id: string, parent: string | null, role: Message['role'] = 'user'): Message {
  minute += 1;
  return { message_id: id, parent_message_id: parent, role, content: id, conversation_id: CONVERSATION, created_at: `2026-05-01T08:${String(minute % 60).padStart(2, '0')}:00.000Z`, status: 'complete' };
}
const ids = (messages: Message[]) => messages.map((message) => message.message_id);

// q1 ─ a1 ─ q2 ─ a2
//          └ q2b ─ a2b          (q2 edited)
//    └ a1b                      (a1 answered again)
// q1x ─ a1x                     (the first question edited: a new root)
const messages = [
  m('q1', null),
  m('a1', 'q1', 'assistant'),
  m('q2', 'a1'),
  m('a2', 'q2', 'assistant'),
  m('q2b', 'a1'),
  m('a2b', 'q2b', 'assistant'),
  m('a1b', 'q1', 'assistant'),
  m('q1x', null),
  m('a1x', 'q1x', 'assistant'),
];
const tree = buildMessageTree(messages);

describe('the message tree', () => {
  it('shows the branch to the newest message when no leaf is chosen', () => {
    expect(ids(activeBranch(tree, undefined))).toEqual(['q1x', 'a1x']);
    expect(ids(activeBranch(buildMessageTree(messages.slice(0, 6)), undefined))).toEqual(['q1', 'a1', 'q2b', 'a2b']);
  });

  it('shows root to the chosen leaf, and the newest branch for an unknown leaf', () => {
    expect(ids(activeBranch(tree, 'a2'))).toEqual(['q1', 'a1', 'q2', 'a2']);
    expect(ids(activeBranch(tree, 'gone'))).toEqual(['q1x', 'a1x']);
    expect(ids(branchTo(tree, 'gone'))).toEqual([]);
  });

  it('is empty for no messages', () => {
    const empty = buildMessageTree([]);
    expect(activeBranch(empty, undefined)).toEqual([]);
    expect(newestLeaf(empty)).toBeUndefined();
  });

  it('counts siblings (same parent, in stored order), roots included', () => {
    expect(siblingPosition(tree, 'q2')).toEqual({ index: 0, count: 2, previousId: undefined, nextId: 'q2b' });
    expect(siblingPosition(tree, 'q2b')).toEqual({ index: 1, count: 2, previousId: 'q2', nextId: undefined });
    expect(siblingPosition(tree, 'a1b')).toEqual({ index: 1, count: 2, previousId: 'a1', nextId: undefined });
    expect(siblingPosition(tree, 'q1x')).toMatchObject({ index: 1, count: 2, previousId: 'q1' });
    expect(siblingPosition(tree, 'a2')).toMatchObject({ index: 0, count: 1 });
    expect(siblingPosition(tree, 'unknown')).toMatchObject({ index: 0, count: 1 });
  });

  it('switching to a sibling shows its newest descendant branch', () => {
    expect(leafAfterSwitch(tree, 'q2')).toBe('a2');
    expect(leafAfterSwitch(tree, 'a1')).toBe('a2b');
    expect(ids(activeBranch(tree, leafAfterSwitch(tree, 'q1')))).toEqual(['q1', 'a1b']);
    expect(leafAfterSwitch(tree, 'a1b')).toBe('a1b');
    expect(leafAfterSwitch(tree, 'nope')).toBeUndefined();
  });

  it('treats a message whose parent is missing as a root and survives a cycle', () => {
    const odd = buildMessageTree([m('x', 'missing'), m('y', 'z'), m('z', 'y')]);
    expect(ids(branchTo(odd, 'x'))).toEqual(['x']);
    expect(branchTo(odd, 'y').length).toBeLessThanOrEqual(2);
  });
});
