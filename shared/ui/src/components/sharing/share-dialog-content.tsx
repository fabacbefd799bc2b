import { EDITABLE_SHARE_KINDS, shareTargetKey, type ShareRole } from '@assistant/contracts';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useUiTexts } from '../../core/ui-texts';
import { useAnnouncer } from '../../core/use-announcer';
import { CloseIcon, PlusIcon, SearchIcon } from '../../icons/icons';
import { Button } from '../button';
import { Checkbox } from '../checkbox';
import { Dialog } from '../dialog';
import { ErrorState } from '../error-state';
import { IconButton } from '../icon-button';
import { Loading } from '../loading';
import { Select } from '../select';
import { TextField } from '../text-field';
import type { ShareAccessState, ShareDialogProps, ShareDraft, ShareDraftEntry, ShareSaveOutcome } from '../share-dialog';
import { SHARE_DIALOG_TEXTS_DE, SHARE_DIALOG_TEXTS_EN, type ShareDialogTexts } from './share-dialog-texts';

type Target = ShareDraftEntry['target'];
type Failure = Exclude<ShareSaveOutcome, { done: true }>;

const COMPANY: Target = { type: 'company' };

function nameOf(target: Target, texts: ShareDialogTexts): string {
  return target.type === 'company' ? texts.company : target.name;
}

function draftFrom(access: Extract<ShareAccessState, { status: 'ready' }>): ShareDraft {
  return { shares: access.shares.map(({ target, role }) => ({ target, role })), include_attachments: access.includeAttachments };
}

/**
 * The share dialog itself (its props: ../share-dialog.tsx). The list is edited here and sent whole
 * on save; a refused save keeps everything edited and shows the server's words at the row they
 * are about, the rest above the buttons.
 */
export default function ShareDialogContent(props: ShareDialogProps) {
  const { kind, access, candidates, onSearch, onSave, onClose, itemName, owner, renderNotice, viewOnly } = props;
  const ui = useUiTexts();
  const texts: ShareDialogTexts = { ...(ui.language === 'en' ? SHARE_DIALOG_TEXTS_EN : SHARE_DIALOG_TEXTS_DE), ...props.texts };
  const formId = `ui-share${useId().replace(/:/g, '')}`;
  const searchRef = useRef<HTMLInputElement>(null);
  const mounted = useRef(true);
  const [edited, setEdited] = useState<ShareDraft | null>(null);
  const [searchText, setSearchText] = useState('');
  const [addRole, setAddRole] = useState<ShareRole>('view');
  const [saving, setSaving] = useState(false);
  const [failure, setFailure] = useState<Failure | null>(null);
  const [announcement, announce] = useAnnouncer();

  // The search starts empty at each opening; the caller's search text goes back to empty on close.
  const onSearchRef = useRef(onSearch);
  onSearchRef.current = onSearch;
  useEffect(() => {
    mounted.current = true;
    onSearchRef.current('');
    return () => {
      mounted.current = false;
      onSearchRef.current('');
    };
  }, []);

  const ready = access.status === 'ready' ? access : null;
  const draft = edited ?? (ready ? draftFrom(ready) : null);
  const editable = !viewOnly && EDITABLE_SHARE_KINDS.includes(kind);
  const roles = [
    { value: 'view', label: texts.canView },
    ...(editable ? [{ value: 'edit', label: texts.canEdit }] : []),
  ];
  const has = (target: Target) => draft?.shares.some((entry) => shareTargetKey(entry.target) === shareTargetKey(target)) ?? false;

  const change = (next: ShareDraft, touched?: string) => {
    setEdited(next);
    // A row's message was about what it was before.
    if (failure && touched && failure.fieldErrors[touched]) {
      const { [touched]: _gone, ...rest } = failure.fieldErrors;
      setFailure({ ...failure, fieldErrors: rest });
    }
  };

  const add = (target: Target) => {
    if (!draft || has(target)) return;
    change({ ...draft, shares: [...draft.shares, { target, role: editable ? addRole : 'view' }] });
    announce(texts.added(nameOf(target, texts)));
    searchRef.current?.focus();
  };
  const remove = (target: Target) => {
    if (!draft) return;
    const key = shareTargetKey(target);
    change({ ...draft, shares: draft.shares.filter((entry) => shareTargetKey(entry.target) !== key) }, key);
    announce(texts.removed(nameOf(target, texts)));
    searchRef.current?.focus();
  };
  const setRole = (target: Target, role: ShareRole) => {
    if (!draft) return;
    const key = shareTargetKey(target);
    change({ ...draft, shares: draft.shares.map((entry) => (shareTargetKey(entry.target) === key ? { ...entry, role } : entry)) }, key);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!draft || saving) return;
    setSaving(true);
    setFailure(null);
    // Where only viewing is offered, a role given elsewhere before is saved as view.
    const outcome = await onSave(editable ? draft : { ...draft, shares: draft.shares.map((entry) => ({ ...entry, role: 'view' })) });
    if (!mounted.current) return;
    setSaving(false);
    if ('done' in outcome) onClose();
    else setFailure(outcome);
  };

  const rowError = (target: Target) => failure?.fieldErrors[shareTargetKey(target)];
  const companyAllowed = ready?.canShareWithCompany ?? false;

  let body;
  if (access.status === 'failed') {
    body = <ErrorState title={texts.loadFailed} message={access.message} onRetry={access.retry} retryLabel={texts.retry} headingLevel={3} />;
  } else if (!draft) {
    body = <Loading fill />;
  } else {
    body = (
      <form id={formId} className="ui-share" noValidate onSubmit={(event) => void submit(event)}>
        <div className="ui-share__add">
          <TextField
            ref={searchRef}
            type="search"
            label={texts.search}
            description={texts.searchHint}
            autoComplete="off"
            value={searchText}
            error={candidates.status === 'failed' ? candidates.message || texts.searchFailed : undefined}
            onChange={(event) => {
              setSearchText(event.target.value);
              onSearch(event.target.value);
            }}
            // Enter in the search adds nothing and must not save.
            onKeyDown={(event) => event.key === 'Enter' && event.preventDefault()}
            className="ui-share__search"
          />
          {editable && (
            <Select
              label={texts.addAs}
              value={addRole}
              options={roles}
              onChange={(event) => setAddRole(event.target.value as ShareRole)}
              className="ui-share__add-role"
            />
          )}
        </div>
        <Candidates
          searchText={searchText}
          candidates={candidates}
          texts={texts}
          has={has}
          onAdd={add}
          onCount={(count) => announce(texts.resultCount(count))}
        />
        {companyAllowed && !has(COMPANY) && (
          <Button variant="ghost" size="sm" icon={<PlusIcon />} onClick={() => add(COMPANY)} className="ui-share__company">
            {texts.addCompany}
          </Button>
        )}

        <h3 className="ui-share__heading">{texts.whoHasAccess}</h3>
        <ul className="ui-share__list" aria-label={texts.whoHasAccess}>
          {owner && (
            <li className="ui-share__row">
              <span className="ui-share__avatar" aria-hidden="true">
                {initial(owner === 'you' ? texts.you : owner.name)}
              </span>
              <span className="ui-share__who">
                <span className="ui-share__name">{owner === 'you' ? texts.you : owner.name}</span>
              </span>
              <span className="ui-share__role-text">{texts.owner}</span>
            </li>
          )}
          {draft.shares.map((entry) => {
            const name = nameOf(entry.target, texts);
            const key = shareTargetKey(entry.target);
            const error = rowError(entry.target);
            // Only who may name the company may change or remove it.
            const locked = entry.target.type === 'company' && !companyAllowed;
            return (
              <li key={key} className="ui-share__row" data-invalid={error ? '' : undefined}>
                <span className="ui-share__avatar" aria-hidden="true">
                  {entry.target.type === 'user' ? initial(name) : entry.target.type === 'group' ? '#' : '*'}
                </span>
                <span className="ui-share__who">
                  <span className="ui-share__name">{name}</span>
                  {entry.target.type === 'group' && <span className="ui-share__meta">{texts.group}</span>}
                </span>
                {roles.length > 1 ? (
                  <Select
                    label={texts.roleOf(name)}
                    hideLabel
                    value={entry.role}
                    options={roles}
                    disabled={locked}
                    error={error}
                    onChange={(event) => setRole(entry.target, event.target.value as ShareRole)}
                    className="ui-share__role"
                  />
                ) : (
                  <span className="ui-share__role-text">
                    {texts.canView}
                    {error && <span className="ui-share__error">{error}</span>}
                  </span>
                )}
                <IconButton aria-label={texts.remove(name)} icon={<CloseIcon />} size="sm" tooltip disabled={locked} onClick={() => remove(entry.target)} />
              </li>
            );
          })}
        </ul>
        {draft.shares.length === 0 && <p className="ui-share__empty">{texts.nobodyYet}</p>}

        {kind === 'conversation' && (
          <div className="ui-share__snapshot">
            <p className="ui-share__note">{texts.snapshotNote}</p>
            <Checkbox
              label={texts.includeAttachments}
              description={texts.includeAttachmentsHint}
              checked={draft.include_attachments}
              error={failure?.fieldErrors.include_attachments}
              onChange={(event) => change({ ...draft, include_attachments: event.target.checked }, 'include_attachments')}
            />
          </div>
        )}
        {renderNotice?.(draft)}
        {failure?.formError && (
          <p role="alert" className="ui-dialog__error">
            {failure.formError}
          </p>
        )}
        <p role="status" className="ui-visually-hidden">
          {announcement}
        </p>
      </form>
    );
  }

  return (
    <Dialog
      open
      onClose={onClose}
      title={texts.title(itemName)}
      dismissible={!saving}
      closeLabel={ui.close}
      className="ui-share-dialog"
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={saving}>
            {texts.cancel}
          </Button>
          <Button type="submit" form={formId} loading={saving} disabled={!ready}>
            {texts.save}
          </Button>
        </>
      }
    >
      {body}
    </Dialog>
  );
}

function initial(name: string): string {
  return (name.trim()[0] ?? '?').toLocaleUpperCase();
}

interface CandidatesProps {
  searchText: string;
  candidates: ShareDialogProps['candidates'];
  texts: ShareDialogTexts;
  has(target: Target): boolean;
  onAdd(target: Target): void;
  onCount(count: number): void;
}

/** The directory's people and groups for the search text, each with its "add" button. */
function Candidates({ searchText, candidates, texts, has, onAdd, onCount }: CandidatesProps) {
  const query = candidates.status === 'ready' ? candidates.query : null;
  const count = candidates.status === 'ready' ? candidates.people.length + candidates.groups.length : null;
  const headingId = `ui-share-results${useId().replace(/:/g, '')}`;
  // Each new answer is announced once (the list itself is not a live region: it changes while typing).
  useEffect(() => {
    if (query !== null && count !== null && query !== '') onCount(count);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- announced per answer, not per render of the callback
  }, [query, count]);

  if (searchText.trim() === '' || candidates.status === 'idle' || candidates.status === 'failed') return null;
  if (candidates.status === 'loading') {
    return (
      <p className="ui-share__searching">
        <SearchIcon /> {texts.searching}
      </p>
    );
  }
  if (candidates.people.length + candidates.groups.length === 0) return <p className="ui-share__empty">{texts.noResults(candidates.query)}</p>;
  const person = (p: (typeof candidates.people)[number]) => ({ target: { type: 'user', id: p.sub, name: p.name } as const, meta: p.email });
  const group = (g: (typeof candidates.groups)[number]) => ({ target: { type: 'group', id: g.id, name: g.name } as const, meta: texts.memberCount(g.member_count) });
  const sections = [
    { label: texts.people, rows: candidates.people.map(person) },
    { label: texts.groups, rows: candidates.groups.map(group) },
  ].filter((section) => section.rows.length > 0);
  return (
    <div className="ui-share__results">
      {sections.map((section, index) => (
        <div key={section.label}>
          <p id={`${headingId}-${index}`} className="ui-share__subheading">
            {section.label}
          </p>
          <ul className="ui-share__list" aria-labelledby={`${headingId}-${index}`}>
          {section.rows.map(({ target, meta }) => (
            <li key={shareTargetKey(target)} className="ui-share__row">
              <span className="ui-share__avatar" aria-hidden="true">
                {target.type === 'user' ? initial(target.name) : '#'}
              </span>
              <span className="ui-share__who">
                <span className="ui-share__name">{target.name}</span>
                {meta && <span className="ui-share__meta">{meta}</span>}
              </span>
              {has(target) ? (
                <span className="ui-share__role-text">{texts.alreadyAdded}</span>
              ) : (
                <Button variant="secondary" size="sm" icon={<PlusIcon />} aria-label={texts.add(target.name)} onClick={() => onAdd(target)}>
                  {texts.addButton}
                </Button>
              )}
            </li>
          ))}
          </ul>
        </div>
      ))}
    </div>
  );
}
