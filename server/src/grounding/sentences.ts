/** A sentence as a range [start, end) of the text it came from, without white space at either end. */
export interface SentenceRange {
  start: number;
  end: number;
}

const segmenter = new Intl.Segmenter('de', { granularity: 'sentence' });

/**
 * The sentences of a text with their exact offsets. Intl.Segmenter breaks at every line break,
 * but a PDF page's text has one per printed line (parsers/pdf.ts): a single line break is read as
 * a space (same length, so offsets stay exact); an empty line still ends a sentence.
 */
export function splitSentences(text: string): SentenceRange[] {
  const flowing = text.replace(/(?<!\n)\n(?!\n)/g, ' ');
  const ranges: SentenceRange[] = [];
  for (const { index, segment } of segmenter.segment(flowing)) {
    let start = index;
    let end = index + segment.length;
    while (start < end && /\s/u.test(text[start]!)) start += 1;
    while (end > start && /\s/u.test(text[end - 1]!)) end -= 1;
    if (end > start) ranges.push({ start, end });
  }
  return ranges;
}

/** Sentence-ending punctuation, optionally followed by closing quotes or brackets. */
const SENTENCE_END = /[.!?…。！？]["'“”‘’»«›‹)\]]*$/u;

/** Whether a sentence ends with its own punctuation (else it runs on, for example over a page break). */
export function endsSentence(sentence: string): boolean {
  return SENTENCE_END.test(sentence.trimEnd());
}
