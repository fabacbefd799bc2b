import { sourceUrl, type Conversation, type HighlightedSourcesItem, type Message } from '@assistant/contracts';
import type { ExportLabels } from '../export-labels';

// A grounded conversation with a regenerated answer (two branches), as the chat loads it.
export const CONVERSATION_ID = '5b0e8c3e-1f1a-4c52-9b7e-0a0000000001';
const COLLECTION = '5d2c7a52-8c1e-4c8e-9a55-0c6f1e2b3a01';
const POLICY = '9a1b2c3d-0000-4000-8000-00000000000a';
const CIRCULAR = '9a1b2c3d-0000-4000-8000-00000000000b';
const id = (n: number) => `0f6d2a1e-0000-4000-8000-${String(n).padStart(12, '0')}`;
export const ids = { q1: id(1), a1: id(2), a1b: id(3), q2: id(4), a2: id(5), system: id(6) };

export const conversation: Conversation = {
  id: CONVERSATION_ID,
  name: 'Reisekosten für Zürich & München',
  created_at: '2026-11-20T09:00:00.000Z',
  updated_at: '2026-11-20T09:05:00.000Z',
};

const at = (minute: number) => `2026-11-20T09:0${minute}:00.000Z`;
const base = { conversation_id: CONVERSATION_ID, status: 'complete' as const };

export const messages: Message[] = [
  { ...base, message_id: ids.system, parent_message_id: null, role: 'system', content: 'Be helpful.', created_at: at(0) },
  {
    ...base,
    message_id: ids.q1,
    parent_message_id: null,
    role: 'user',
    content: 'Welche Übernachtungspauschale gilt in Zürich?',
    created_at: at(1),
    attachments: [{ file_id: POLICY, name: 'Reiserichtlinie.pdf' }],
  },
  { ...base, message_id: ids.a1, parent_message_id: ids.q1, role: 'assistant', content: 'Erste Fassung.', created_at: at(2), model: 'mistral-small' },
  {
    ...base,
    message_id: ids.a1b,
    parent_message_id: ids.q1,
    role: 'assistant',
    content: 'In **Zürich** gelten 150 € pro Nacht [1], laut Rundschreiben jedoch 120 € [2].',
    created_at: at(3),
    model: 'mistral-small',
    tool_events: [
      { call_id: 'c1', name: 'search_documents', type: 'begin', args: { query: 'Übernachtung Zürich' } },
      {
        call_id: 'c1',
        name: 'search_documents',
        type: 'end',
        content: [
          {
            type: 'resource',
            resource: { uri: sourceUrl('http://portal.test', { collectionId: COLLECTION, fileId: POLICY, segments: [{ page: 4, start: 0, end: 20 }] }), mimeType: 'application/pdf', metadata: { fileName: 'Reiserichtlinie.pdf', totalPages: 12 } },
            source_index: 0,
          },
          {
            type: 'resource',
            resource: { uri: `file:${CIRCULAR}`, mimeType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', metadata: { fileName: 'Rundschreiben.docx' } },
            source_index: 1,
          },
        ],
      },
    ],
  },
  { ...base, message_id: ids.q2, parent_message_id: ids.a1b, role: 'user', content: 'Und für München?', created_at: at(4) },
  { ...base, message_id: ids.a2, parent_message_id: ids.q2, role: 'assistant', content: 'Für München gilt dasselbe – 150 € …', created_at: at(5), status: 'streaming', reasoning: 'Compare the cities.' },
];

export const judgedSources: HighlightedSourcesItem[] = [
  {
    supporting: [{ source_index: 0, text: 'Übernachtung: 150 € pro Nacht.', highlights: [{ start: 0, end: 11, relevancy: 0.9 }], source_name: 'Reiserichtlinie.pdf', source_label: 'S. 4' }],
    conflicting: [{ source_index: 1, text: 'Ab Januar gelten 120 €.', highlights: [], source_name: 'Rundschreiben.docx' }],
  },
];

export const labels: ExportLabels = {
  exportedOn: 'Exportiert am 28.11.2026, 17:40',
  you: 'Sie',
  assistant: 'Assistent',
  sources: 'Quellen',
  files: 'Dateien',
  stopped: 'angehalten',
  failed: 'fehlgeschlagen',
  supporting: 'stützt die Antwort',
  conflicting: 'widerspricht der Antwort',
  pages: (pages) => (pages.length === 1 ? `S. ${pages[0]}` : `S. ${pages.join(', ')}`),
};
