import { formatLongDate, useLocale } from '@assistant/platform';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../../../namespace';
import type { ExportLabels } from '../model/export-labels';

/** The words of a Markdown or PDF export in the interface language, dated when it is made. */
export function useExportLabels(): () => ExportLabels {
  const { t } = useTranslation(NAMESPACE);
  const language = useLocale();
  return useCallback(
    () => ({
      exportedOn: t('export.labels.exportedOn', { date: formatLongDate(new Date(), { language }) }),
      you: t('export.labels.you'),
      assistant: t('export.labels.assistant'),
      sources: t('export.labels.sources'),
      files: t('export.labels.files'),
      stopped: t('export.labels.stopped'),
      failed: t('export.labels.failed'),
      supporting: t('export.labels.supporting'),
      conflicting: t('export.labels.conflicting'),
      pages: (pages) => t('export.labels.page', { count: pages.length, pages: pages.join(', ') }),
    }),
    [t, language],
  );
}
