import type { CollectionSummary } from '@assistant/contracts';
import { useCollectionsQuery } from '@assistant/endpoints';
import { Button, Checkbox, Loading } from '@assistant/ui';
import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../../../namespace';
import { FieldGroup } from './field-group';

export interface KnowledgeFieldProps {
  id: string;
  selected: string[];
  error?: string | undefined;
  onChange(selected: string[]): void;
}

const byName = (a: CollectionSummary, b: CollectionSummary) => a.name.localeCompare(b.name);

/**
 * The agent's knowledge: checkboxes of the collections the user may read (their personal ones and
 * the company's, as the collections remote lists them). A chosen collection the user can no
 * longer read stays listed, checked, so it can be taken out.
 */
export function KnowledgeField({ id, selected, error, onChange }: KnowledgeFieldProps) {
  const { t } = useTranslation(NAMESPACE);
  const personal = useCollectionsQuery('personal');
  const company = useCollectionsQuery('company');
  const toggle = (collectionId: string, checked: boolean) =>
    onChange(checked ? [...selected, collectionId] : selected.filter((entry) => entry !== collectionId));

  const loading = personal.isPending || company.isPending;
  const failed = (personal.isError && !personal.data) || (company.isError && !company.data);
  const collections = [...[...(personal.data ?? [])].sort(byName), ...[...(company.data ?? [])].sort(byName)];
  const known = new Set(collections.map((collection) => collection.id));
  const missing = selected.filter((collectionId) => !known.has(collectionId));

  let content;
  if (loading) {
    content = <Loading label={t('form.knowledge.loading')} size="sm" />;
  } else if (failed) {
    content = (
      <div role="alert" className="agent-form__inline-error">
        <p>{t('form.knowledge.failed')}</p>
        <Button
          variant="secondary"
          size="sm"
          onClick={() => {
            void personal.refetch();
            void company.refetch();
          }}
        >
          {t('form.knowledge.retry')}
        </Button>
      </div>
    );
  } else if (collections.length === 0 && missing.length === 0) {
    content = <p className="agent-form__note">{t('form.knowledge.none')}</p>;
  } else {
    content = (
      <div className="agent-form__choices">
        {collections.map((collection) => (
          <Checkbox
            key={collection.id}
            label={collection.scope === 'company' ? t('form.knowledge.companyCollection', { name: collection.name }) : collection.name}
            checked={selected.includes(collection.id)}
            onChange={(event) => toggle(collection.id, event.target.checked)}
          />
        ))}
        {missing.map((collectionId) => (
          <Checkbox
            key={collectionId}
            label={t('form.knowledge.unavailable', { id: collectionId })}
            checked
            onChange={(event) => toggle(collectionId, event.target.checked)}
          />
        ))}
      </div>
    );
  }
  return (
    <FieldGroup id={id} legend={t('form.knowledge.legend')} description={t('form.knowledge.description')} error={error}>
      {content}
    </FieldGroup>
  );
}
