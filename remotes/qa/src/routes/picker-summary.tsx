import type { Collection } from '@assistant/contracts';
import { Button } from '@assistant/ui';
import { useId, type ReactNode, type Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../namespace';

export interface PickerSummaryProps {
  open: boolean;
  onToggle(): void;
  /** The Change / Done button: the focus goes there when a choice folds the settings. */
  toggleRef?: Ref<HTMLButtonElement>;
  status: 'loading' | 'ready' | 'unavailable';
  scope: 'collections' | 'document';
  collections: readonly Collection[];
  fileName: string | undefined;
  modelName: string | undefined;
  /** The server searches by words only (no embeddings model): said discreetly. */
  fullTextOnly: boolean;
  children: ReactNode;
}

/**
 * What the answer comes from, in one line ("2 collections: Handbook, Contracts · Model: x"), with
 * Change / Done folding the picker in and out (a disclosure), so the question box stays near the
 * top on a phone once the choices are made.
 */
export function PickerSummary({ open, onToggle, toggleRef, status, scope, collections, fileName, modelName, fullTextOnly, children }: PickerSummaryProps) {
  const { t } = useTranslation(NAMESPACE);
  const headingId = useId();
  const panelId = useId();
  let what: string;
  if (status !== 'ready') what = t(status === 'loading' ? 'resources.loading' : 'resources.unavailable.title');
  else if (scope === 'document') what = fileName ? t('summary.document', { name: fileName }) : t('summary.noDocument');
  else if (collections.length === 0) what = t('summary.noCollections');
  else what = t('summary.collections', { count: collections.length, names: collections.map((c) => c.name).join(', ') });

  return (
    <section className="qa-resources" aria-labelledby={headingId}>
      <div className="qa-resources__bar">
        <div className="qa-resources__summary">
          <h2 id={headingId} className="qa-resources__heading">
            {t('summary.heading')}
          </h2>
          <p className="qa-resources__what">
            {what}
            {status === 'ready' && modelName && <span className="qa-resources__model"> · {t('summary.model', { name: modelName })}</span>}
          </p>
          {status === 'ready' && fullTextOnly && <p className="qa-resources__mode">{t('summary.fullText')}</p>}
        </div>
        <Button ref={toggleRef} size="sm" variant="secondary" aria-expanded={open} aria-controls={panelId} onClick={onToggle}>
          {t(open ? 'summary.done' : 'summary.change')}
        </Button>
      </div>
      <div id={panelId} className="qa-resources__panel" hidden={!open}>
        {children}
      </div>
    </section>
  );
}
