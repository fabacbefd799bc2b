import type { DirectoryPerson } from '@assistant/contracts';
import { useDirectorySearch } from '@assistant/endpoints';
import { Button, TextField } from '@assistant/ui';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SHELL_NAMESPACE } from '../../../app/shell-i18n';

interface PersonSearchProps {
  /** Subs that already have a row: offered as added, not again. */
  taken: ReadonlySet<string>;
  onAdd: (person: DirectoryPerson) => void;
}

/** The portal's directory searched by name or e-mail; each hit can be added as a row of its own. */
export function PersonSearch({ taken, onAdd }: PersonSearchProps) {
  const { t } = useTranslation(SHELL_NAMESPACE);
  const [text, setText] = useState('');
  const { query, people } = useDirectorySearch(text);
  const found = query === '' ? [] : (people.data ?? []);
  return (
    <div className="budgets-search">
      <TextField
        type="search"
        label={t('GOVERNANCE_BUDGETS.searchPeople')}
        description={t('GOVERNANCE_BUDGETS.searchPeopleHint')}
        value={text}
        autoComplete="off"
        onChange={(event) => setText(event.target.value)}
      />
      <div role="status" className="budgets-search__status">
        {query !== '' && people.isFetching && found.length === 0 ? t('GOVERNANCE_BUDGETS.searching') : null}
        {query !== '' && people.isSuccess && !people.isFetching && found.length === 0 ? t('GOVERNANCE_BUDGETS.noPeople') : null}
      </div>
      {found.length > 0 && (
        <ul className="budgets-search__results" aria-label={t('GOVERNANCE_BUDGETS.searchPeople')}>
          {found.map((person) => (
            <li key={person.sub} className="budgets-search__person">
              <span className="budgets-search__who">
                <span>{person.name}</span>
                {person.email && <span className="budgets-search__email">{person.email}</span>}
              </span>
              {taken.has(person.sub) ? (
                <span className="budgets-search__added">{t('GOVERNANCE_BUDGETS.added')}</span>
              ) : (
                <Button size="sm" variant="secondary" onClick={() => onAdd(person)}>
                  {t('GOVERNANCE_BUDGETS.addPerson', { name: person.name })}
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
