// Long conversations for the benchmark: seeded, generated, in the chat's export format (what
// POST /api/conversations/import takes), with the content answers really have: Markdown with
// headings, lists and inline code, code blocks, tables, and grounded answers citing their sources.
import type { ExportedConversation, ExportedMessage, ToolEvent } from '../../shared/contracts/src/index';
import { mulberry32 } from '../support/seeded-random';


const TOPICS = ['Reisekosten', 'Lieferkette', 'Urlaubsplanung', 'Budget 2027', 'Datenschutz', 'Vertragsprüfung', 'Onboarding', 'Rechnungsprüfung', 'Schulungen', 'Wartungsverträge'];
const DOCUMENTS = ['Reiserichtlinie.pdf', 'Einkaufshandbuch.pdf', 'Betriebsvereinbarung.docx', 'Budgetplan.xlsx', 'Datenschutzkonzept.pdf', 'Rahmenvertrag.pdf'];
const SENTENCES = [
  'Die Abteilung hat die Abläufe im letzten Quartal deutlich vereinfacht.',
  'Für die Freigabe ist die Bereichsleitung zuständig, bei Beträgen über 5.000 € zusätzlich der Einkauf.',
  'Die Fristen gelten ab dem Eingang der vollständigen Unterlagen.',
  'Abweichungen müssen schriftlich begründet und im Ticket dokumentiert werden.',
  'Die Kosten werden monatlich mit dem Controlling abgestimmt.',
  'Neue Mitarbeitende erhalten die Zugänge spätestens am ersten Arbeitstag.',
  'Eine Verlängerung ist einmalig um zwölf Monate möglich.',
  'Die Zahlen sind vorläufig und werden nach dem Abschluss geprüft.',
];

function pick<T>(random: () => number, items: readonly T[]): T {
  return items[Math.floor(random() * items.length)]!;
}

function paragraph(random: () => number, sentences: number): string {
  return Array.from({ length: sentences }, () => pick(random, SENTENCES)).join(' ');
}

function codeBlock(random: () => number, n: number): string {
  if (random() < 0.5) {
    const lines = [
      '```ts',
      `export interface Posten${n} {`,
      '  id: string;',
      '  betrag: number;',
      "  status: 'offen' | 'freigegeben' | 'abgelehnt';",
      '}',
      '',
      `/** Summe der freigegebenen Posten (Abschnitt ${n}). */`,
      `export function summe${n}(posten: readonly Posten${n}[]): number {`,
      '  return posten',
      "    .filter((p) => p.status === 'freigegeben')",
      '    .reduce((summe, p) => summe + p.betrag, 0);',
      '}',
      '```',
    ];
    return lines.join('\n');
  }
  return [
    '```python',
    `def quote_${n}(ist: float, plan: float) -> float:`,
    '    """Anteil des Ist am Plan in Prozent, auf eine Stelle gerundet."""',
    '    if plan == 0:',
    '        return 0.0',
    '    return round(ist / plan * 100, 1)',
    '',
    `for monat, (ist, plan) in enumerate([(120, 100), (95, 110), (101, 100)], start=${n % 12}):`,
    '    print(f"Monat {monat}: {quote_' + n + '(ist, plan)} %")',
    '```',
  ].join('\n');
}

function table(random: () => number, n: number): string {
  const rows = 4 + Math.floor(random() * 5);
  return [
    '| Posten | Plan (T€) | Ist (T€) | Abweichung |',
    '| :--- | ---: | ---: | ---: |',
    ...Array.from({ length: rows }, (_, i) => {
      const plan = 50 + Math.floor(random() * 200);
      const actual = plan + Math.floor(random() * 40) - 20;
      return `| ${pick(random, TOPICS)} ${n}.${i + 1} | ${plan} | ${actual} | ${(((actual - plan) / plan) * 100).toFixed(1)} % |`;
    }),
  ].join('\n');
}

/** A grounded answer's retrieval step and judged sources, as the server stores them. */
function grounding(random: () => number, n: number): Pick<ExportedMessage, 'tool_events' | 'sources'> {
  const found = [pick(random, DOCUMENTS), pick(random, DOCUMENTS)];
  const texts = found.map((name, i) => `${name}, Abschnitt ${n}.${i + 1}: ${paragraph(random, 2)}`);
  const events: ToolEvent[] = [
    { type: 'begin', call_id: `call-${n}`, name: 'search_documents', args: { query: pick(random, TOPICS) } },
    {
      type: 'end',
      call_id: `call-${n}`,
      name: 'search_documents',
      content: found.flatMap((name, i) => [
        { type: 'resource' as const, resource: { uri: `doc:${name}`, mimeType: 'application/pdf', metadata: { title: name, totalPages: 12 } }, source_index: i },
        { type: 'text' as const, text: texts[i]!, source_index: i },
      ]),
    },
  ];
  return {
    tool_events: events,
    sources: [
      {
        supporting: found.map((name, i) => ({
          source_index: i,
          text: texts[i]!,
          highlights: [{ start: 0, end: Math.min(40, texts[i]!.length), relevancy: 0.8 }],
          source_name: name,
          source_label: `S. ${i + 3}`,
        })),
        conflicting: [],
      },
    ],
  };
}

/** The n-th answer (1-based): one of five kinds, 600 to 2,500 characters. */
function answer(random: () => number, n: number): { content: string; extra: Partial<Pick<ExportedMessage, 'tool_events' | 'sources'>> } {
  const topic = pick(random, TOPICS);
  const head = `### ${topic} (Antwort ${n})\n\n${paragraph(random, 3)} Siehe auch \`${topic.toLowerCase().replace(/\s/g, '_')}.csv\` und **Abschnitt ${n}**.`;
  const list = Array.from({ length: 3 + Math.floor(random() * 3) }, (_, i) => `- **Punkt ${i + 1}:** ${pick(random, SENTENCES)}`).join('\n');
  switch (n % 5) {
    case 0:
      return { content: `${head}\n\n${codeBlock(random, n)}\n\n${paragraph(random, 2)}`, extra: {} };
    case 1:
      return { content: `${head}\n\n${table(random, n)}\n\n${paragraph(random, 2)}`, extra: {} };
    case 2: {
      const extra = grounding(random, n);
      return { content: `${head} Laut der Richtlinie gilt das für alle Standorte [1], mit Ausnahmen für Außendienst [2].\n\n${list}`, extra };
    }
    case 3:
      return { content: `${head}\n\n${list}\n\n1. Antrag stellen\n2. Freigabe abwarten\n3. Beleg einreichen\n\n> Hinweis: ${pick(random, SENTENCES)}`, extra: {} };
    default:
      return { content: `${head}\n\n${paragraph(random, 4)}\n\n${paragraph(random, 3)}`, extra: {} };
  }
}

/** The marker the last answer of a conversation of `messages` messages carries (what "opened" waits for). */
export const lastAnswerMarker = (messages: number) => `(Antwort ${Math.max(1, Math.floor(messages / 2))})`;

/** A conversation of `messages` messages (questions and answers alternating, one branch). */
export function makeConversation(messages: number, seed = 42): ExportedConversation {
  const random = mulberry32(seed + messages);
  const start = Date.UTC(2026, 0, 5, 8, 0, 0);
  const list: ExportedMessage[] = [];
  for (let i = 0; i < messages; i += 1) {
    const n = Math.floor(i / 2) + 1;
    const created_at = new Date(start + i * 60_000).toISOString();
    const parent_id = i === 0 ? null : `m${i - 1}`;
    if (i % 2 === 0) {
      list.push({ id: `m${i}`, parent_id, role: 'user', content: `Frage ${n}: Was gilt bei ${pick(random, TOPICS)} für ${pick(random, ['Standort Nord', 'das Team', 'Externe', 'Auszubildende'])}?`, created_at, status: 'complete' });
    } else {
      const { content, extra } = answer(random, n);
      list.push({ id: `m${i}`, parent_id, role: 'assistant', content, created_at, status: 'complete', model: 'scripted-model', ...extra });
    }
  }
  return {
    name: `Lange Unterhaltung ${messages}`,
    created_at: list[0]!.created_at,
    updated_at: list.at(-1)!.created_at,
    messages: list,
  };
}
