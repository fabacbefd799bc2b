/**
 * The one share dialog of the portal (docs/sharing.md "In the portal"): find colleagues and
 * groups, give them "can view" or "can edit", see who has access, remove them. It only draws;
 * the data comes from `useShareDialog` in `@assistant/endpoints` (the ui may not import it), so
 * a screen writes:
 *
 * ```tsx
 * import { useShareDialog } from '@assistant/endpoints';
 * import { ShareDialog } from '@assistant/ui';
 *
 * const share = useShareDialog('agent', agent.id, { enabled: open });
 * <ShareDialog {...share} open={open} onClose={() => setOpen(false)} itemName={agent.name} owner="you" />
 * ```
 *
 * `renderNotice(draft)` shows something of the caller's above the buttons, for the list as it is
 * being edited (the agents show which knowledge collections the new recipients cannot read).
 * Only this wrapper is in the ui's shared chunk: the dialog and its words load when it first opens.
 */
import type { DirectoryGroup, DirectoryPerson, Share, ShareItemKind, ShareRole } from '@assistant/contracts';
import { lazy, Suspense, type ReactNode } from 'react';
import type { ShareDialogTexts } from './sharing/share-dialog-texts';

/** One entry of the list being edited: whom (with the shown name) and their role. */
export interface ShareDraftEntry {
  target: Share['target'];
  role: ShareRole;
}

/** The list as it is being edited, what a save sends. */
export interface ShareDraft {
  shares: ShareDraftEntry[];
  /** Conversations: whether the snapshot carries the attachments. */
  include_attachments: boolean;
}

/**
 * What a save came to: done (the dialog closes), or messages at the rows (by `shareTargetKey`
 * of their target, or `include_attachments`) and above the buttons. What was edited stays.
 */
export type ShareSaveOutcome = { done: true } | { fieldErrors: Record<string, string>; formError?: string };

/** Who has access now, as the server says. */
export type ShareAccessState =
  | { status: 'loading' }
  | { status: 'failed'; message: string; retry(): void }
  | { status: 'ready'; shares: readonly ShareDraftEntry[]; canShareWithCompany: boolean; includeAttachments: boolean };

/** The directory's answer to the search text. */
export type ShareCandidatesState =
  | { status: 'idle' }
  | { status: 'loading' }
  | { status: 'failed'; message: string }
  | { status: 'ready'; query: string; people: readonly DirectoryPerson[]; groups: readonly DirectoryGroup[] };

/** The data props, as `useShareDialog(kind, id)` of `@assistant/endpoints` returns them. */
export interface ShareDialogData {
  kind: ShareItemKind;
  access: ShareAccessState;
  candidates: ShareCandidatesState;
  /** The search text changed (the directory is asked once typing pauses). */
  onSearch(text: string): void;
  onSave(draft: ShareDraft): Promise<ShareSaveOutcome>;
}

export interface ShareDialogProps extends ShareDialogData {
  open: boolean;
  onClose(): void;
  /** The item's name, in the title. */
  itemName: string;
  /** Shown first in the list: the caller ('you') or the owner's name; nothing when unknown. */
  owner?: 'you' | { name: string };
  /** Something of the caller's above the buttons, for the list as edited. */
  renderNotice?: (draft: ShareDraft) => ReactNode;
  /** Only "can view" is offered, whatever the kind allows (a company collection's restriction to groups). */
  viewOnly?: boolean;
  /** Overrides of single words; the language follows the UiTextsProvider. */
  texts?: Partial<ShareDialogTexts>;
}

const ShareDialogContent = lazy(() => import(/* webpackChunkName: "share-dialog" */ './sharing/share-dialog-content'));

/** Mounted while open, so every opening starts from what the server says. */
export function ShareDialog(props: ShareDialogProps) {
  if (!props.open) return null;
  return (
    <Suspense fallback={null}>
      <ShareDialogContent {...props} />
    </Suspense>
  );
}
