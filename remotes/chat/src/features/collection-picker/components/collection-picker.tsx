import type { Collection } from '@assistant/contracts';
import { Checkbox } from '@assistant/ui';
import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../../../namespace';
import { PickedChips, PickerMenu } from './picker-menu';

export interface CollectionPickerProps {
  /** The collections the user may search: personal ones, then the company's (GET qa/resources). */
  collections: readonly Collection[];
  /** The collections could not be loaded (QA resources unavailable). */
  unavailable?: boolean;
  selected: readonly string[];
  onChange(selected: string[]): void;
  /** The menu opened (the caller may ask for the collections again: one made meanwhile shows up). */
  onOpen?(): void;
}

const GROUPS = ['personal', 'company'] as const;

/**
 * "Collections": a menu (PickerMenu) of checkboxes, the user's personal and the company's
 * collections, to ground the conversation's answers in. The button says how many are picked.
 */
export function CollectionPicker({ collections, unavailable, selected, onChange, onOpen }: CollectionPickerProps) {
  const { t } = useTranslation(NAMESPACE);
  const toggle = (id: string, checked: boolean) => onChange(checked ? [...selected, id] : selected.filter((entry) => entry !== id));
  const groupOf = (collection: Collection) => (collection.type === 'company' ? 'company' : 'personal');

  return (
    <PickerMenu
      label={selected.length > 0 ? t('collections.buttonCount', { count: selected.length }) : t('collections.button')}
      onOpen={onOpen}
      doneLabel={t('collections.done')}
    >
      <p className="collection-picker__intro">{t('collections.intro')}</p>
      {unavailable && <p className="collection-picker__empty">{t('collections.unavailable')}</p>}
      {!unavailable && collections.length === 0 && <p className="collection-picker__empty">{t('collections.none')}</p>}
      {GROUPS.map((group) => {
        const members = collections.filter((collection) => groupOf(collection) === group);
        if (members.length === 0) return null;
        return (
          <fieldset key={group} className="collection-picker__group">
            <legend>{t(`collections.group.${group}`)}</legend>
            {members.map((collection) => (
              <Checkbox
                key={collection.id}
                label={collection.name}
                checked={selected.includes(collection.id)}
                onChange={(event) => toggle(collection.id, event.target.checked)}
              />
            ))}
          </fieldset>
        );
      })}
    </PickerMenu>
  );
}

export interface CollectionChipsProps {
  collections: readonly Collection[];
  selected: readonly string[];
  onRemove(id: string): void;
}

/** The picked collections as chips, each with a remove button. */
export function CollectionChips({ collections, selected, onRemove }: CollectionChipsProps) {
  const { t } = useTranslation(NAMESPACE);
  const picked = selected.flatMap((id) => collections.filter((collection) => collection.id === id));
  return (
    <PickedChips label={t('collections.chipsLabel')} items={picked} removeLabel={(name) => t('collections.removeLabel', { name })} onRemove={onRemove} />
  );
}
