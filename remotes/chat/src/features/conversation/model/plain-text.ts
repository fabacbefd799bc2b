/**
 * A Markdown answer as the words a screen reader should say when it is announced: markup
 * characters (emphasis, headings, quotes, code fences, table rules, link targets) left out, one
 * line per block. Not a renderer: the answer itself is shown by the ui's Markdown.
 */
export function markdownToPlainText(markdown: string): string {
  return markdown
    .replace(/^\s*(```|~~~).*$/gm, '')
    .replace(/!\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/\[([^\]]+)\]\([^)]*\)/g, '$1')
    .replace(/^\s{0,3}#{1,6}\s+/gm, '')
    .replace(/^\s{0,3}>\s?/gm, '')
    .replace(/^[\s|:-]*-[\s|:-]*$/gm, '')
    .replace(/^\s*([*_])(\s*\1){2,}\s*$/gm, '')
    .replace(/\|/g, ' ')
    .replace(/(\*\*|__)(.+?)\1/g, '$2')
    .replace(/(^|[^\w*])([*_])(?!\s)([^*_\n]+?)(?<!\s)\2(?=[^\w*]|$)/g, '$1$3')
    .replace(/~~(.+?)~~/g, '$1')
    .replace(/`([^`]+)`/g, '$1')
    .replace(/[ \t]+/g, ' ')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '')
    .join('\n');
}
