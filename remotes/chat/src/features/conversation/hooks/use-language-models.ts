import type { LanguageModel } from '@assistant/contracts';
import { useQaResourcesStore } from '@assistant/platform';
import { useEffect } from 'react';

/** The models on offer (GET /api/qa/resources `language_models`), loaded once per session. */
export function useLanguageModels(): LanguageModel[] {
  const languageModels = useQaResourcesStore((state) => state.languageModels);
  const status = useQaResourcesStore((state) => state.status);
  useEffect(() => {
    if (status === 'idle') void useQaResourcesStore.getState().load();
  }, [status]);
  return languageModels;
}
