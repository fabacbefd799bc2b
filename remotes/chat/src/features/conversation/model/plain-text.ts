/**
 * A Markdown answer as the text a reader sees once the ui's Markdown (GFM) has rendered it, for the
 * polite announcement: no markup characters (emphasis, headings, quotes, code fences and backticks,
 * table rules, link and image targets, HTML tags, backslash escapes, entities), one line per block;
 * list items keep their number ("1. ") or a "- " bullet, as they are shown; code keeps its
 * characters as written. Not a renderer: the answer itself is shown by the ui's Markdown.
 */
export function markdownToPlainText(markdown: string): string {
  const lines: string[] = [];
  let fence: string | undefined;
  for (const raw of markdown.replace(/\r\n?/g, '\n').split('\n')) {
    const fenceMatch = /^\s{0,3}(`{3,}|~{3,})/.exec(raw);
    if (fence !== undefined) {
      if (fenceMatch && fenceMatch[1]![0] === fence[0] && fenceMatch[1]!.length >= fence.length && raw.trim() === fenceMatch[1]) fence = undefined;
      else lines.push(raw.trim());
      continue;
    }
    if (fenceMatch) {
      fence = fenceMatch[1];
      continue;
    }
    lines.push(inlineText(blockText(raw)));
  }
  return lines
    .map((line) => line.replace(/[ \t\u00a0]+/g, ' ').trim())
    .filter((line) => line !== '')
    .join('\n');
}

/** One line without its block markup: quote marks, heading hashes, rules, list markers, table pipes. */
function blockText(line: string): string {
  let text = line;
  while (/^\s{0,3}>/.test(text)) text = text.replace(/^\s{0,3}>\s?/, '');
  // Thematic breaks and setext underlines are rules, not text; so is a table's delimiter row.
  if (/^\s{0,3}([-*_=])(\s*\1){2,}\s*$/.test(text) || /^\s{0,3}=+\s*$/.test(text)) return '';
  if (/^\s*\|?\s*:?-+:?\s*(\|\s*:?-+:?\s*)+\|?\s*$/.test(text) || /^\s*\|\s*:?-+:?\s*\|?\s*$/.test(text)) return '';
  // Link reference definitions are not shown.
  if (/^\s{0,3}\[[^\]]+\]:\s*\S+/.test(text)) return '';
  const heading = /^\s{0,3}#{1,6}(?:\s+(.*?))?(?:\s+#+)?\s*$/.exec(text);
  if (heading) return heading[1] ?? '';
  const bullet = /^\s*[-*+]\s+(?:\[[ xX]\]\s+)?(.*)$/.exec(text);
  if (bullet) return `- ${bullet[1]}`;
  const numbered = /^\s*(\d{1,9})([.)])\s+(.*)$/.exec(text);
  if (numbered) return `${Number(numbered[1])}. ${numbered[3]}`;
  if (/^\s*\|.*\|\s*$/.test(text)) return text.trim().slice(1, -1).split(/(?<!\\)\|/).join(' ');
  if (/(?<!\\)\|/.test(text) && /\S\s*\|\s*\S/.test(text) && !/`[^`]*\|[^`]*`/.test(text)) return text.split(/(?<!\\)\|/).join(' ');
  return text;
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

/** The inline text of one line: code spans kept verbatim, the rest without its markup. */
function inlineText(line: string): string {
  const kept: string[] = [];
  const keep = (text: string) => `\uE000${kept.push(text) - 1}\uE000`;
  let text = line
    // Code spans first: nothing inside them is markup.
    .replace(/(`+)(?!`)([\s\S]*?[^`])\1(?!`)/g, (_, _ticks: string, code: string) => keep(code.length > 2 && /^ .* $/.test(code) ? code.slice(1, -1) : code))
    // Backslash escapes are the character itself.
    .replace(/\\([!"#$%&'()*+,\-./:;<=>?@[\\\]^_`{|}~])/g, (_, char: string) => keep(char))
    // Autolinks show their address; other tags are not text.
    .replace(/<((?:https?|mailto|ftp):[^\s<>]+|[^\s<>@]+@[^\s<>@]+)>/gi, (_, address: string) => keep(address))
    .replace(/<\/?[A-Za-z][^<>]*>/g, '')
    // Images by their description, links by their text (inline and reference forms).
    .replace(/!\[([^\]]*)\](?:\([^)]*\)|\[[^\]]*\])?/g, '$1')
    .replace(/\[([^\]]+)\](?:\((?:[^()]|\([^)]*\))*\)|\[[^\]]*\])/g, '$1');
  // Emphasis and strikethrough, innermost last: ***x***, **x**, __x__, *x*, _x_, ~~x~~.
  for (let pass = 0; pass < 3; pass += 1) {
    text = text
      .replace(/(\*\*|__)(?!\s)(.+?)(?<!\s)\1/g, (match, marker: string, inner: string, offset: number, whole: string) =>
        marker === '__' && (/[\p{L}\p{N}]/u.test(whole[offset - 1] ?? '') || /[\p{L}\p{N}]/u.test(whole[offset + match.length] ?? '')) ? match : inner,
      )
      .replace(/\*(?![\s*])(.+?)(?<![\s*])\*/g, '$1')
      .replace(/(^|[^\p{L}\p{N}_])_(?![\s_])(.+?)(?<![\s_])_(?![\p{L}\p{N}_])/gu, '$1$2')
      .replace(/~~(?!\s)(.+?)(?<!\s)~~/g, '$1');
  }
  return text
    .replace(/&(#\d{1,7}|#x[\da-f]{1,6}|[a-z]+);/gi, (entity, name: string) => {
      if (name[0] === '#') {
        const code = name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
        return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : entity;
      }
      return ENTITIES[name.toLowerCase()] ?? entity;
    })
    .replace(/\uE000(\d+)\uE000/g, (_, index: string) => kept[Number(index)]!);
}
