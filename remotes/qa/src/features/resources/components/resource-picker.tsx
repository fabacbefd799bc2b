import type { Collection, LanguageModel } from '@assistant/contracts';
import { collectionFilesQuery } from '@assistant/endpoints';
import { useQuery } from '@assistant/platform';
import { Checkbox, ErrorState, Loading, Select } from '@assistant/ui';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from '@assistant/routing';
import { NAMESPACE } from '../../../namespace';
import { effectiveModel, modelsForScope, type QaChoices } from '../model/qa-choices';

export interface ResourcePickerProps {
  collections: readonly Collection[];
  models: readonly LanguageModel[];
  /** `loading` before the first answer; `unavailable` after a failed load (SPEC section 8). */
  status: 'loading' | 'ready' | 'unavailable';
  retrying: boolean;
  onRetry(): void;
  choices: QaChoices;
  onChange(change: Partial<QaChoices>): void;
  /** While an answer is written the picks stay as they are. */
  disabled: boolean;
}

const COMPANY = 'company';

/**
 * Where the answer comes from: several collections (personal and company) or one processed
 * document of a collection, and the model: document-mode models for one document, the others
 * for collections (docs/qa-ui.md).
 */
export function ResourcePicker({ collections, models, status, retrying, onRetry, choices, onChange, disabled }: ResourcePickerProps) {
  const { t } = useTranslation(NAMESPACE);
  const scopeName = useId();
  if (status === 'loading') return <Loading label={t('resources.loading')} />;
  if (status === 'unavailable') {
    return (
      <ErrorState
        headingLevel={3}
        title={t('resources.unavailable.title')}
        message={t('resources.unavailable.text')}
        onRetry={onRetry}
        retrying={retrying}
        retryLabel={t('resources.unavailable.retry')}
      />
    );
  }

  const offered = modelsForScope(models, choices.scope);
  const model = effectiveModel(models, choices);
  const personal = collections.filter((collection) => collection.type !== COMPANY);
  const company = collections.filter((collection) => collection.type === COMPANY);
  const toggle = (id: string, on: boolean) =>
    onChange({ collectionIds: on ? [...choices.collectionIds.filter((other) => other !== id), id] : choices.collectionIds.filter((other) => other !== id) });

  return (
    <div className="qa-picker">
      <fieldset className="qa-picker__scope" disabled={disabled}>
        <legend>{t('resources.scope.legend')}</legend>
        {(['collections', 'document'] as const).map((scope) => (
          <label key={scope} className="qa-picker__radio">
            <input type="radio" name={scopeName} value={scope} checked={choices.scope === scope} onChange={() => onChange({ scope })} />
            {t(`resources.scope.${scope}`)}
          </label>
        ))}
      </fieldset>

      {collections.length === 0 ? (
        <p className="qa-picker__empty">
          {t('resources.noCollections')} <Link to="/collections">{t('resources.toCollections')}</Link>
        </p>
      ) : choices.scope === 'collections' ? (
        <fieldset className="qa-picker__collections" disabled={disabled}>
          <legend>{t('resources.collections.legend')}</legend>
          {[
            { key: 'personal', items: personal },
            { key: 'company', items: company },
          ]
            .filter((group) => group.items.length > 0)
            .map((group) => (
              <div key={group.key} className="qa-picker__group" role="group" aria-label={t(`resources.collections.${group.key}`)}>
                <p className="qa-picker__group-name" aria-hidden="true">
                  {t(`resources.collections.${group.key}`)}
                </p>
                {group.items.map((collection) => (
                  <Checkbox
                    key={collection.id}
                    label={collection.name}
                    checked={choices.collectionIds.includes(collection.id)}
                    onChange={(event) => toggle(collection.id, event.target.checked)}
                  />
                ))}
              </div>
            ))}
        </fieldset>
      ) : (
        <DocumentPicker collections={collections} choices={choices} onChange={onChange} disabled={disabled} />
      )}

      {offered.length === 0 ? (
        <p className="qa-picker__empty" role="note">
          {t(models.length === 0 ? 'resources.model.none' : `resources.model.noneFor.${choices.scope}`)}
        </p>
      ) : (
        <Select
          className="qa-picker__model"
          label={t('resources.model.label')}
          value={model?.id ?? ''}
          disabled={disabled}
          options={offered.map((option) => ({ value: option.id, label: option.name }))}
          onChange={(event) => onChange({ model: event.target.value })}
          description={model?.description}
        />
      )}
    </div>
  );
}

interface DocumentPickerProps {
  collections: readonly Collection[];
  choices: QaChoices;
  onChange(change: Partial<QaChoices>): void;
  disabled: boolean;
}

/** One document: a collection, then one of its processed documents. */
function DocumentPicker({ collections, choices, onChange, disabled }: DocumentPickerProps) {
  const { t } = useTranslation(NAMESPACE);
  const collectionId = collections.some((collection) => collection.id === choices.documentCollectionId) ? choices.documentCollectionId! : undefined;
  const files = useQuery(collectionFilesQuery(collectionId));
  const processed = (files.data ?? []).filter((file) => file.status === 'processed');
  const fileId = processed.some((file) => file.fileId === choices.fileId) ? choices.fileId! : '';
  return (
    <div className="qa-picker__document">
      <Select
        label={t('resources.document.collection')}
        placeholder={t('resources.document.chooseCollection')}
        value={collectionId ?? ''}
        disabled={disabled}
        options={collections.map((collection) => ({ value: collection.id, label: collection.name }))}
        onChange={(event) => onChange({ documentCollectionId: event.target.value || null, fileId: null })}
      />
      {collectionId !== undefined &&
        (files.isPending ? (
          <Loading label={t('resources.document.loading')} />
        ) : files.isError ? (
          <ErrorState
            headingLevel={3}
            title={t('resources.document.failed')}
            onRetry={() => void files.refetch()}
            retrying={files.isFetching}
            retryLabel={t('resources.unavailable.retry')}
          />
        ) : processed.length === 0 ? (
          <p className="qa-picker__empty">{t('resources.document.none')}</p>
        ) : (
          <Select
            label={t('resources.document.file')}
            placeholder={t('resources.document.chooseFile')}
            value={fileId}
            disabled={disabled}
            options={processed.map((file) => ({ value: file.fileId, label: file.name }))}
            onChange={(event) => onChange({ fileId: event.target.value || null })}
          />
        ))}
    </div>
  );
}
