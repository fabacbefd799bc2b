import { useQuery } from '@assistant/platform';
import { useCallback, useEffect, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { speechConfigQuery } from '../api/get-speech-config';
import { synthesizeSpeech } from '../api/synthesize-speech';
import { browserCanSpeak, speechPlayer, type ReadingStatus } from '../model/speech-player';
import { BROWSER_SPEECH_PART, speechParts, spokenText } from '../model/speech-text';

/** The voice's language for the interface language: German and English as spoken in Germany and the US. */
export function speechLanguage(language: string): string {
  const base = language.toLowerCase().split('-')[0];
  if (base === 'de') return 'de-DE';
  if (base === 'en') return 'en-US';
  return language;
}

/**
 * Read aloud for one answer: whether it can be read here (a text-to-speech model configured, or
 * the browser's speech synthesis), how far its reading is, why it failed, and the controls.
 * The spoken text is made when reading starts (not on every render).
 */
export function useReadAloud({ id, scope, markdown, toPlainText }: { id: string; scope: string; markdown: string; toPlainText: (markdown: string) => string }) {
  const { i18n } = useTranslation();
  const config = useQuery(speechConfigQuery());
  const state = useSyncExternalStore(speechPlayer.subscribe, speechPlayer.getState);
  useEffect(() => speechPlayer.attach(scope), [scope]);

  const endpoint = config.data?.available === true ? config.data : undefined;
  const lang = speechLanguage(i18n.resolvedLanguage ?? i18n.language);
  const read = useCallback(() => {
    const text = spokenText(markdown, toPlainText);
    speechPlayer.read({
      id,
      scope,
      parts: speechParts(text, endpoint?.max_characters ?? BROWSER_SPEECH_PART),
      voice: endpoint ? { kind: 'endpoint', audioOf: (part, signal) => synthesizeSpeech({ text: part, language: lang }, signal) } : { kind: 'browser', lang },
    });
  }, [id, scope, markdown, toPlainText, endpoint, lang]);

  const status: ReadingStatus | 'idle' = state.reading?.id === id ? state.reading.status : 'idle';
  return {
    /** Hidden where nothing can read: no model and no speech synthesis in this browser. */
    available: endpoint !== undefined || browserCanSpeak(),
    status,
    failure: state.failed?.id === id ? state.failed.error : undefined,
    read,
    pause: () => speechPlayer.pause(),
    resume: () => speechPlayer.resume(),
    stop: () => speechPlayer.stop(),
  };
}
