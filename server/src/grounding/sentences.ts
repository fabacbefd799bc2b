/** A sentence as a range [start, end) of the text it came from, without white space at either end. */
export interface SentenceRange {
  start: number;
  end: number;
}

const segmenter = new Intl.Segmenter('de', { granularity: 'sentence' });

/**
 * Where Intl.Segmenter breaks but a sentence goes on (it knows no abbreviations): after an ordinal
 * or list number ("am 1. Januar", "2. Genehmigung"), a single letter ("z. B.", an initial) and
 * common German and English abbreviations.
 */
const NO_BREAK_AFTER =
  /(?:^|[\s(/])(?:\d{1,3}|\p{L}|Dr|Prof|Nr|Abs|Art|Ziff|Kap|Abb|Tab|Hr|Fr|Mr|Mrs|Ms|St|vgl|bzw|ca|inkl|ggf|evtl|bspw|sog|lt|gem|zzgl|Mio|Mrd|No|Fig|vs|Jan|Feb|Apr|Aug|Sep|Sept|Okt|Oct|Nov|Dez|Dec)\.$/iu;

/**
 * The sentences of a text with their exact offsets. Intl.Segmenter breaks at every line break,
 * but a PDF page's text has one per printed line (parsers/pdf.ts): a single line break is read as
 * a space (same length, so offsets stay exact); an empty line still ends a sentence. A break
 * after a number or an abbreviation (NO_BREAK_AFTER) is not taken.
 */
export function splitSentences(text: string): SentenceRange[] {
  const flowing = text.replace(/(?<!\n)\n(?!\n)/g, ' ');
  const ranges: SentenceRange[] = [];
  let open: SentenceRange | undefined;
  for (const { index, segment } of segmenter.segment(flowing)) {
    let start = index;
    let end = index + segment.length;
    while (start < end && /\s/u.test(text[start]!)) start += 1;
    while (end > start && /\s/u.test(text[end - 1]!)) end -= 1;
    if (end === start) continue;
    // Not after a paragraph break: an empty line ends the sentence whatever came before.
    const continues = open && !/\n\s*\n/.test(text.slice(open.end, start));
    if (open && continues) open.end = end;
    else {
      if (open) ranges.push(open);
      open = { start, end };
    }
    if (!NO_BREAK_AFTER.test(text.slice(open.start, open.end))) {
      ranges.push(open);
      open = undefined;
    }
  }
  if (open) ranges.push(open);
  return ranges;
}

/** Sentence-ending punctuation, optionally followed by closing quotes or brackets. */
const SENTENCE_END = /[.!?…。！？]["'“”‘’»«›‹)\]]*$/u;

/** Whether a sentence ends with its own punctuation (else it runs on, for example over a page break). */
export function endsSentence(sentence: string): boolean {
  const trimmed = sentence.trimEnd();
  return SENTENCE_END.test(trimmed) && !NO_BREAK_AFTER.test(trimmed);
}
