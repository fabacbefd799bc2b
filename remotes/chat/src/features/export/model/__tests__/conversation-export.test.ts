import { conversationExportSchema } from '@assistant/contracts';
import { answerSources } from '../answer-sources';
import { conversationExportFile, exportConversation, shownBranch } from '../conversation-document';
import { conversationMarkdown } from '../export-markdown';
import { conversation, ids, judgedSources, labels, messages } from './export-fixtures';

const sourcesOf = (messageId: string) => (messageId === ids.a1b ? judgedSources : undefined);

describe('a conversation as the export file', () => {
  it('keeps every message of every branch with its tree, tool steps, judged sources and file names, and fits the contract', () => {
    const exported = exportConversation(conversation, messages, sourcesOf);
    expect(exported.messages.map((message) => message.id)).toEqual([ids.q1, ids.a1, ids.a1b, ids.q2, ids.a2]);
    expect(exported.messages.map((message) => message.parent_id)).toEqual([null, ids.q1, ids.q1, ids.a1b, ids.q2]);
    expect(exported.current_message_id).toBe(ids.a2);
    const [question, , grounded, , last] = exported.messages;
    expect(question!.attachments).toEqual([{ name: 'Reiserichtlinie.pdf' }]);
    expect(grounded!.tool_events).toEqual(messages[3]!.tool_events);
    expect(grounded!.sources).toEqual(judgedSources);
    // Cut while streaming: a file holds it as stopped; its reasoning stays.
    expect(last).toMatchObject({ status: 'stopped', reasoning: 'Compare the cities.' });
    const file = conversationExportFile([exported], new Date('2026-11-28T17:40:00Z'));
    expect(conversationExportSchema.parse(JSON.parse(JSON.stringify(file)))).toEqual(file);
  });

  it('puts a child after its parent even when it was stored first, and a message whose parent is missing first', () => {
    const [, q1, a1] = messages;
    const orphan = { ...messages[4]!, parent_message_id: '0f6d2a1e-0000-4000-8000-999999999999' };
    const exported = exportConversation(conversation, [a1!, orphan, q1!]);
    expect(exported.messages.map((message) => [message.id, message.parent_id])).toEqual([
      [ids.q2, null],
      [ids.q1, null],
      [ids.a1, ids.q1],
    ]);
  });

  it('shows the branch to the current message', () => {
    const exported = exportConversation(conversation, messages);
    expect(shownBranch(exported).map((message) => message.id)).toEqual([ids.q1, ids.a1b, ids.q2, ids.a2]);
    expect(shownBranch({ ...exported, current_message_id: ids.a1 }).map((message) => message.id)).toEqual([ids.q1, ids.a1]);
  });
});

describe("an answer's sources", () => {
  it('numbers them as the answer cites them, with the pages of their location, the judged labels and stances', () => {
    const [, , grounded] = exportConversation(conversation, messages, sourcesOf).messages;
    expect(answerSources(grounded!)).toEqual([
      { number: 1, name: 'Reiserichtlinie.pdf', pages: [4], label: 'S. 4', stance: 'supporting' },
      { number: 2, name: 'Rundschreiben.docx', pages: [], stance: 'conflicting' },
    ]);
    expect(answerSources({ tool_events: grounded!.tool_events })).toEqual([
      { number: 1, name: 'Reiserichtlinie.pdf', pages: [4] },
      { number: 2, name: 'Rundschreiben.docx', pages: [] },
    ]);
    expect(answerSources({})).toEqual([]);
  });
});

describe('a conversation as Markdown', () => {
  it('writes the shown branch with headings, the answer as written, file names and the numbered sources', () => {
    const markdown = conversationMarkdown(exportConversation(conversation, messages, sourcesOf), labels);
    expect(markdown).toBe(
      [
        '# Reisekosten für Zürich & München',
        '_Exportiert am 28.11.2026, 17:40_',
        '## Sie',
        'Welche Übernachtungspauschale gilt in Zürich?',
        'Dateien: Reiserichtlinie.pdf',
        '## Assistent · mistral-small',
        'In **Zürich** gelten 150 € pro Nacht [1], laut Rundschreiben jedoch 120 € [2].',
        '**Quellen**\n\n- [1] Reiserichtlinie.pdf, S. 4 (stützt die Antwort)\n- [2] Rundschreiben.docx (widerspricht der Antwort)',
        '## Sie',
        'Und für München?',
        '## Assistent (angehalten)',
        'Für München gilt dasselbe – 150 € …',
      ].join('\n\n') + '\n',
    );
    expect(markdown).not.toContain('Erste Fassung');
  });
});
