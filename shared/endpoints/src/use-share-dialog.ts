import {
  shareTargetKey,
  type DirectoryGroup,
  type DirectoryPerson,
  type Share,
  type ShareItemKind,
  type ShareRole,
  type ShareUpdate,
} from '@assistant/contracts';
import { ApiRequestError, currentLanguage, errorMessageText } from '@assistant/platform';
import { useState } from 'react';
import { useDirectorySearch } from './directory';
import { useSaveShares, useSharesQuery } from './shares';

/** One entry of the share dialog's list: whom (with the shown name) and their role. */
type DraftEntry = { target: Share['target']; role: ShareRole };
type Draft = { shares: DraftEntry[]; include_attachments: boolean };
type SaveOutcome = { done: true } | { fieldErrors: Record<string, string>; formError?: string };

/**
 * The data props of the UI kit's ShareDialog for one item (docs/sharing.md "In the portal"):
 * who has access (asked while `enabled`, i.e. while the dialog is open), the directory's people
 * and groups for the search text, and the save. Written here because the ui may not import the
 * endpoints; the shapes are the dialog's `ShareDialogData`.
 *
 *   <ShareDialog {...useShareDialog('agent', id, { enabled: open })} open={open} onClose={close} itemName={name} />
 */
export function useShareDialog(kind: ShareItemKind, id: string, options: { enabled?: boolean } = {}) {
  const enabled = options.enabled ?? true;
  const [searchText, setSearchText] = useState('');
  const shares = useSharesQuery(kind, id, enabled);
  const search = useDirectorySearch(enabled ? searchText : '');
  const save = useSaveShares(kind, id);
  // In the interface's language at the time the message is made (the dialog is short-lived).
  const message = (error: unknown) => errorMessageText(error, currentLanguage());

  const access = shares.data
    ? {
        status: 'ready' as const,
        shares: shares.data.shares,
        canShareWithCompany: shares.data.can_share_with_company,
        includeAttachments: shares.data.include_attachments ?? false,
      }
    : shares.isError
      ? { status: 'failed' as const, message: message(shares.error), retry: () => void shares.refetch() }
      : { status: 'loading' as const };

  return {
    kind,
    access,
    candidates: candidatesOf(searchText, search, message),
    onSearch: setSearchText,
    onSave: async (draft: Draft): Promise<SaveOutcome> => {
      const update: ShareUpdate = {
        shares: draft.shares.map(({ target, role }) => ({ target: target.type === 'company' ? { type: 'company' } : { type: target.type, id: target.id }, role })),
        ...(kind === 'conversation' ? { include_attachments: draft.include_attachments } : {}),
      };
      try {
        await save.mutateAsync(update);
        return { done: true };
      } catch (error) {
        return refusal(error, draft, message(error));
      }
    },
  };
}

type DirectorySearch = ReturnType<typeof useDirectorySearch>;

function candidatesOf(text: string, search: DirectorySearch, message: (error: unknown) => string) {
  if (text.trim() === '') return { status: 'idle' as const };
  const failed = search.people.error ?? search.groups.error;
  if (failed) return { status: 'failed' as const, message: message(failed) };
  const people: DirectoryPerson[] | undefined = search.people.data;
  const groups: DirectoryGroup[] | undefined = search.groups.data;
  if (!people || !groups) return { status: 'loading' as const };
  return { status: 'ready' as const, query: search.query, people, groups };
}

/**
 * A refused save as the dialog shows it: the server's words at the row an issue's path names
 * (["shares", 3, ...], optionally under "body") or at the attachments' checkbox, anything else
 * (a list-wide issue, a 403, the network) above the buttons.
 */
function refusal(error: unknown, draft: Draft, fallback: string): SaveOutcome {
  const issues = error instanceof ApiRequestError ? (error.body?.issues ?? []) : [];
  const fieldErrors: Record<string, string> = {};
  const others: string[] = [];
  for (const issue of issues) {
    const path = issue.path[0] === 'body' ? issue.path.slice(1) : issue.path;
    const entry = path[0] === 'shares' && typeof path[1] === 'number' ? draft.shares[path[1]] : undefined;
    if (entry) fieldErrors[shareTargetKey(entry.target)] ??= issue.message;
    else if (path[0] === 'include_attachments') fieldErrors.include_attachments ??= issue.message;
    else others.push(issue.message);
  }
  const formError = others.length > 0 ? others.join(' ') : Object.keys(fieldErrors).length === 0 ? fallback : undefined;
  return formError === undefined ? { fieldErrors } : { fieldErrors, formError };
}
