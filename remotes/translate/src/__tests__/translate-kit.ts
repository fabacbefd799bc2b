// Test kit for the translation screen: engines, a fake POST /api/translate, store resets, render.
import { apiErrorCodeForStatus, type ApiError, type MachineTranslation, type TranslateRequest, type TranslateResponse } from '@assistant/contracts';
import {
  createApiClients,
  initialTranslationPreferences,
  resetPermissions,
  resetServerState,
  setApiClients,
  setPersistenceUser,
  useNotificationsStore,
  useTranslationPreferencesStore,
} from '@assistant/platform';
import { renderRemoteAt, startupHandlers, type StartupData } from '@assistant/platform/testing';
import { http, HttpResponse, type HttpHandler } from 'msw';
import remote from '../module';

export const deepl: MachineTranslation = {
  id: 'deepl',
  name: 'DeepL',
  type: 'deepl',
  languages: { de: ['en-GB', 'en-US', 'fr'], en: ['de', 'fr'], fr: ['de', 'en-GB'] },
};
export const libre: MachineTranslation = {
  id: 'libre',
  name: 'LibreTranslate',
  type: 'libretranslate',
  languages: { de: ['en', 'es'], en: ['de', 'es'], es: ['de', 'en'] },
};

/** Three German sentences in two paragraphs, and their translation sentence by sentence. */
export const GERMAN = 'Der Bericht ist fertig. Wir prüfen ihn morgen.\n\nDanach geht er an alle.';
export const ENGLISH = 'The report is ready. We will check it tomorrow.\n\nAfter that it goes to everyone.';
export const threeSentences: TranslateResponse = {
  translation: ENGLISH,
  translation_segments: [
    { source: 'Der Bericht ist fertig.', translation: 'The report is ready.', translated_by: { id: 'deepl', name: 'DeepL', type: 'deepl', score: 0.91 } },
    { source: 'Wir prüfen ihn morgen.', translation: 'We will check it tomorrow.', translated_by: { id: 'deepl', name: 'DeepL', type: 'deepl', score: 0.5 } },
    { source: 'Danach geht er an alle.', translation: 'After that it goes to everyone.', translated_by: { id: 'libre', name: 'LibreTranslate', type: 'libretranslate' } },
  ],
};

export const translateRequests: TranslateRequest[] = [];

/** POST /api/translate answering with `answer` (default: the three sentences). */
export function translateHandler(answer: (request: TranslateRequest) => Response | Promise<Response> = () => HttpResponse.json(threeSentences)): HttpHandler {
  return http.post('*/api/translate', async ({ request }) => {
    const body = (await request.json()) as TranslateRequest;
    translateRequests.push(body);
    return answer(body);
  });
}

/** An error answer as the server sends it (apiErrorSchema): the status's code unless `extra` names one, and e.g. a 413's limit. */
export function apiError(status: number, message: string, extra: Partial<ApiError> = {}): Response {
  const error = { 400: 'Bad Request', 404: 'Not Found', 413: 'Payload Too Large', 502: 'Bad Gateway', 504: 'Gateway Timeout' }[status] ?? 'Error';
  return HttpResponse.json({ statusCode: status, error, message, code: apiErrorCodeForStatus(status), ...extra }, { status });
}

export function handlers(engines: MachineTranslation[] | 'fail', startup: Partial<StartupData> = {}): HttpHandler[] {
  return [
    ...startupHandlers(startup),
    http.get('*/api/translation/resources', () =>
      engines === 'fail' ? HttpResponse.json({ statusCode: 500, error: 'Internal Server Error', message: 'boom' }, { status: 500 }) : HttpResponse.json(engines),
    ),
    translateHandler(),
  ];
}

export async function resetTranslateState(): Promise<void> {
  setApiClients(createApiClients({ getToken: () => 'token', onUnauthenticated: jest.fn(), retryDelayMs: 0 }));
  await setPersistenceUser(null);
  localStorage.clear();
  resetPermissions();
  resetServerState();
  useTranslationPreferencesStore.setState(initialTranslationPreferences);
  useNotificationsStore.getState().clear();
  translateRequests.length = 0;
}

export const notifications = () => useNotificationsStore.getState().notifications;

export function renderTranslate(language: 'de' | 'en' = 'en') {
  return renderRemoteAt(remote, '/translate', '/translate', language);
}
