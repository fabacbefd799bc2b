import type { ParsedDocument } from '../document-model';

/**
 * German or English by counting frequent function words; anything else (too little text, another
 * language, a tie) is 'simple', which PostgreSQL indexes without stemming or stop words.
 */
const GERMAN = new Set(
  'der die das und ist nicht mit den dem des ein eine einer eines auf für von zu im ist sind wird werden wurde auch sich als bei nach oder aber wie noch nur über vom zum zur sie wir ich es'.split(' '),
);
const ENGLISH = new Set(
  'the and is are was were not with of to in for on by from this that these those be been has have had it its as or but which who will would an at'.split(' '),
);

export function detectLanguage(text: string): ParsedDocument['language'] {
  let german = 0;
  let english = 0;
  let words = 0;
  for (const match of text.slice(0, 200_000).toLowerCase().matchAll(/\p{L}+/gu)) {
    words += 1;
    if (GERMAN.has(match[0])) german += 1;
    if (ENGLISH.has(match[0])) english += 1;
  }
  const hits = german + english;
  if (words === 0 || hits < 2 || hits / words < 0.03) return 'simple';
  if (german >= english * 1.5) return 'german';
  if (english >= german * 1.5) return 'english';
  return 'simple';
}

/** Words as search and the page endpoint count them: runs of letters and digits. */
export function countWords(text: string): number {
  let count = 0;
  for (const _ of text.matchAll(/[\p{L}\p{N}]+(?:['’-][\p{L}\p{N}]+)*/gu)) count += 1;
  return count;
}
