// Code in several languages, grown to a given size, for the highlighting tests (and the
// benchmark): each sample has what makes piecewise highlighting hard, tokens over several lines
// (block comments, template literals, docstrings, multi-line strings and tags).

const SNIPPETS: Record<string, (i: number) => string> = {
  typescript: (i) => `/**
 * Loads page ${i} of the conversations.
 * @param cursor where the last page ended
 */
export async function loadPage${i}(cursor: string | undefined, limit = ${i % 50}): Promise<Page<Conversation>> {
  const url = \`/api/conversations?limit=\${limit}\${cursor ? \`&cursor=\${encodeURIComponent(cursor)}\` : ''}\`;
  const response = await fetch(url, { headers: { accept: 'application/json' } });
  if (!response.ok) throw new Error(\`HTTP \${response.status}\`); // a failed page
  const body = (await response.json()) as { items: Conversation[]; next?: string };
  return { items: body.items.filter((item) => item.title !== '' && /^[a-z]/i.test(item.id)), next: body.next };
}

class Cache${i}<T> extends Map<string, T> {
  private readonly created = Date.now();
  get age(): number {
    return Date.now() - this.created;
  }
}
`,
  python: (i) => `@dataclass(frozen=True)
class Report${i}:
    """A sales report.

    Spans several lines, with 'quotes' and "double quotes" inside.
    """

    region: str
    total: float = ${i}.5

    def summary(self, *, currency: str = "EUR") -> str:
        # a comment with a keyword: return
        lines = [f"{self.region}: {self.total:.2f} {currency}" for _ in range(${i % 7})]
        text = '''first
second ${i}'''
        return "\\n".join(lines) + text if self.total > 0 else None


async def fetch_${i}(session, url: str) -> dict:
    async with session.get(url, timeout=${i}) as response:
        return await response.json()
`,
  css: (i) => `/* theme ${i}
   over two lines */
.ui-card-${i} > .title:hover,
.ui-card-${i}::after {
  color: var(--ui-accent, #0a6ed1);
  margin: ${i % 9}px calc(100% - 2rem) 0 auto;
  font: 600 1rem/1.4 "Raleway", sans-serif;
}

@media (max-width: ${600 + i}px) {
  .ui-card-${i} { display: grid; grid-template-columns: repeat(2, minmax(0, 1fr)); }
}
`,
  json: (i) => `  {
    "id": "item-${i}",
    "title": "Quarterly report \\"${i}\\"",
    "count": ${i * 3},
    "ratio": 0.${i},
    "active": ${i % 2 === 0},
    "tags": ["sales", "north", null],
    "owner": { "name": "Ada", "email": "ada${i}@example.com" }
  },
`,
  xml: (i) => `<section class="report" data-index="${i}">
  <!-- a comment
       over two lines -->
  <h2 id="h-${i}">Report &amp; summary ${i}</h2>
  <p title="a
    multi-line attribute">Text with <b>bold</b> and <a href="/x?a=1&amp;b=${i}">a link</a>.</p>
  <img src="/img/${i}.png" alt="" width="${i}" />
</section>
`,
  bash: (i) => `#!/usr/bin/env bash
# step ${i}
set -euo pipefail
for file in "\${DIR:-/tmp}"/*.log; do
  if [[ -s "$file" && $(wc -l < "$file") -gt ${i} ]]; then
    echo "large: $file" >&2
  fi
done
cat <<EOF_${i}
heredoc line $HOME
EOF_${i}
export COUNT_${i}=$((COUNT + ${i}))
`,
  sql: (i) => `-- monthly totals ${i}
/* a block comment
   over lines */
SELECT r.name AS region, SUM(o.total) AS total, COUNT(*) FILTER (WHERE o.status = 'open') AS open_${i}
FROM orders o
JOIN regions r ON r.id = o.region_id
WHERE o.created_at >= DATE '2024-01-01' + INTERVAL '${i} days'
GROUP BY r.name
HAVING SUM(o.total) > ${i * 100}
ORDER BY total DESC;
`,
  go: (i) => `// Handler${i} serves one page.
func Handler${i}(w http.ResponseWriter, r *http.Request) {
	query := \`SELECT id, title
FROM pages WHERE id = $1\`
	rows, err := db.QueryContext(r.Context(), query, ${i})
	if err != nil {
		http.Error(w, fmt.Sprintf("query %d: %v", ${i}, err), http.StatusInternalServerError)
		return
	}
	defer rows.Close()
}
`,
  markdown: (i) => `## Section ${i}

Some *emphasis*, **strong** and \`code\` with a [link](https://example.com/${i}).

Setext heading ${i}
-------------------

- item one
- item two with _em_

\`\`\`js
const x${i} = ${i};
\`\`\`

> a quote
> over two lines
`,
};

export const SAMPLE_LANGUAGES = Object.keys(SNIPPETS);

/** About `size` characters of code in `language` (whole snippets, ending with a newline). */
export function codeSample(language: string, size: number): string {
  const snippet = SNIPPETS[language]!;
  let text = language === 'json' ? '[\n' : '';
  for (let i = 1; text.length < size; i += 1) text += snippet(i);
  return language === 'json' ? `${text}  {}\n]\n` : text;
}
