import { useConfigStore, useTranslationResourcesStore } from '@assistant/platform';
import { useEffect, useRef } from 'react';

/**
 * SPEC section 2: on entry /translate loads the translation resources and the configuration.
 * Once per visit (the ref survives StrictMode's second effect run).
 */
export function useLoadOnEntry(): void {
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    void useTranslationResourcesStore.getState().load();
    void useConfigStore.getState().load();
  }, []);
}
