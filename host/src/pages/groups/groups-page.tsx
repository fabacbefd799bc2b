import { GROUP_DISPLAY_NAME_MAX_LENGTH, type AdminGroup } from '@assistant/contracts';
import { useAdminGroupsQuery, useRenameGroup } from '@assistant/endpoints';
import { ApiRequestError, currentLanguage, errorMessageText, formatShortDate, notifySuccess, useDocumentTitle } from '@assistant/platform';
import { Button, ListStates, NameDialog, PageHeader, type NameDialogOutcome } from '@assistant/ui';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SHELL_NAMESPACE } from '../../app/shell-i18n';
import { addGroupsTexts } from './groups-texts';
import './groups.css';

/**
 * `/groups` (administrators): the groups the portal has seen at sign-ins, with how many members
 * signed in with each and when one last did, and the display name the portal shows for it
 * (PUT /api/admin/groups/{id}; empty: the identity provider's name).
 */
export function GroupsPage() {
  // Before the first translation: the page's texts come with its chunk.
  useState(addGroupsTexts);
  const { t, i18n } = useTranslation(SHELL_NAMESPACE);
  useDocumentTitle(t('GROUPS.title'));
  const query = useAdminGroupsQuery();
  const rename = useRenameGroup();
  const [renaming, setRenaming] = useState<AdminGroup | null>(null);
  const language = i18n.language === 'en' ? 'en' : 'de';
  const groups = query.data ?? [];
  const number = new Intl.NumberFormat(language);

  const save = async (group: AdminGroup, name: string): Promise<NameDialogOutcome> => {
    try {
      await rename.mutateAsync({ id: group.id, displayName: name === '' ? null : name });
      notifySuccess({ message: { key: 'GROUPS.renamed', ns: SHELL_NAMESPACE, values: { name: name || group.id } } });
      return { done: true };
    } catch (error) {
      const issue = error instanceof ApiRequestError ? error.body?.issues?.find((i) => i.path.includes('display_name')) : undefined;
      return issue ? { fieldError: issue.message } : { formError: errorMessageText(error, currentLanguage()) };
    }
  };

  return (
    <section className="shell-page groups-page">
      <PageHeader title={t('GROUPS.title')} description={t('GROUPS.description')} />
      <ListStates
        list={{
          status: query.isPending ? 'loading' : query.isError ? 'failed' : 'ready',
          error: query.isError ? errorMessageText(query.error, language) : undefined,
          reloading: query.isFetching,
          reload: () => void query.refetch(),
        }}
        texts={{ loading: t('GROUPS.loading'), failed: t('GROUPS.failed'), retry: t('GROUPS.retry') }}
        empty={groups.length === 0 ? { title: t('GROUPS.emptyTitle'), text: t('GROUPS.emptyText') } : null}
        headingLevel={2}
      >
        <table className="ui-table groups-page__table">
          <caption className="ui-visually-hidden">{t('GROUPS.caption')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('GROUPS.name')}</th>
              <th scope="col">{t('GROUPS.members')}</th>
              <th scope="col">{t('GROUPS.lastSeen')}</th>
              <th scope="col">
                <span className="ui-visually-hidden">{t('GROUPS.actions')}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {groups.map((group) => (
              <tr key={group.id}>
                <th scope="row">
                  <span className="groups-page__name">
                    <span>{group.name}</span>
                    {group.name !== group.id && <span className="groups-page__id">{t('GROUPS.fromProvider', { id: group.id })}</span>}
                  </span>
                </th>
                <td data-label={t('GROUPS.members')}>{number.format(group.member_count)}</td>
                <td data-label={t('GROUPS.lastSeen')}>
                  <time dateTime={group.last_seen_at}>{formatShortDate(group.last_seen_at, { language })}</time>
                </td>
                <td className="groups-page__actions">
                  <Button size="sm" variant="secondary" aria-label={t('GROUPS.rename', { name: group.name })} onClick={() => setRenaming(group)}>
                    {t('GROUPS.renameShort')}
                  </Button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </ListStates>
      {renaming && (
        <NameDialog
          title={t('GROUPS.renameTitle')}
          description={t('GROUPS.renameDescription', { id: renaming.id })}
          label={t('GROUPS.renameLabel')}
          submitLabel={t('GROUPS.save')}
          initialName={renaming.display_name ?? ''}
          check={(value) =>
            value.trim().length > GROUP_DISPLAY_NAME_MAX_LENGTH ? { error: t('GROUPS.tooLong', { max: GROUP_DISPLAY_NAME_MAX_LENGTH }) } : { name: value.trim() }
          }
          onSubmit={(name) => save(renaming, name)}
          onClose={() => setRenaming(null)}
        />
      )}
    </section>
  );
}
