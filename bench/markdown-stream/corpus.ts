/**
 * A model answer of about `targetBytes` of Markdown: headings, paragraphs with inline marks and
 * links, lists, GFM tables and fenced code, in the proportions a long technical answer has.
 * Deterministic (the same text every run).
 */
export function makeAnswer(targetBytes = 20_000): string {
  const parts: string[] = [];
  let section = 0;
  while (parts.join('\n\n').length < targetBytes) {
    section += 1;
    parts.push(`## ${section}. Ergebnisse für Region ${section}`);
    parts.push(
      `Die **Umsätze** in Region ${section} sind im dritten Quartal um *${section + 3} %* gestiegen. ` +
        `Details stehen im [Bericht](https://intranet.example.com/reports/${section}) und in \`report_${section}.csv\`. ` +
        'Die Lieferketten waren stabil, die Lagerbestände sanken leicht, und die Nachfrage nach Ersatzteilen blieb hoch.',
    );
    parts.push(['- Umsatz: gestiegen', '- Kosten: stabil', `- Mitarbeitende: ${40 + section}`, '- Ausblick: positiv'].join('\n'));
    parts.push(
      [
        '| Monat | Umsatz (T€) | Kosten (T€) | Marge |',
        '|:------|------------:|------------:|------:|',
        ...['Juli', 'August', 'September'].map((month, index) => `| ${month} | ${100 + section * 3 + index} | ${70 + index} | ${20 + index} % |`),
      ].join('\n'),
    );
    parts.push(
      [
        '```ts',
        `export function margin${section}(revenue: number, cost: number): number {`,
        '  // Margin as a percentage of revenue, rounded to one decimal.',
        '  if (revenue === 0) return 0;',
        '  return Math.round(((revenue - cost) / revenue) * 1000) / 10;',
        '}',
        '```',
      ].join('\n'),
    );
    parts.push('> Hinweis: Die Zahlen sind vorläufig und werden nach dem Abschluss geprüft.');
  }
  return parts.join('\n\n').slice(0, targetBytes);
}
