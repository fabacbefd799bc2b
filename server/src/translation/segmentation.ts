/**
 * Sentence segmentation for translation. A text is cut into lines first (so paragraphs and line
 * breaks never reach an engine), each line into sentences with `Intl.Segmenter` for the source
 * language, and every piece of whitespace between them is kept as a separator:
 *
 *     text === leading + segments.map((s) => s.text + s.trailing).join('')
 *
 * so the translation is rebuilt by putting the translated sentences between the same
 * separators. Pieces without a letter (blank lines, "---", "42", bullets alone) are not sent to
 * engines: they travel with the separators unchanged.
 *
 * ICU's sentence rules (what `Intl.Segmenter` uses) break after every full stop followed by a
 * space and a capital, so "z. B. Äpfel" or "Dr. Müller" would become several "sentences";
 * Node's ICU does not offer its abbreviation suppressions (`-u-ss-standard`). A break is
 * therefore undone when the piece before it ends in an abbreviation (a single letter, letter.
 * letter., or a short list of common German and English ones), in an ordinal before a German
 * month ("am 3. Mai"), or when the next piece starts in lower case. Undoing a break is always
 * safe (a segment gets longer, never wrong); a wrong break would make an engine translate
 * half a sentence.
 */

export interface Segment {
  /** The sentence as it is sent to an engine: no surrounding whitespace. */
  text: string;
  /** What follows it up to the next sentence: spaces, line breaks, blank lines, pieces without letters. */
  trailing: string;
}

export interface SegmentedText {
  /** Whitespace (and letterless pieces) before the first sentence. */
  leading: string;
  segments: Segment[];
}

const ABBREVIATIONS: Record<string, ReadonlySet<string>> = {
  de: new Set([
    'abb', 'abs', 'abschn', 'anm', 'art', 'bd', 'bspw', 'bsp', 'bzgl', 'bzw', 'ca', 'dr', 'evtl', 'fa', 'ff', 'fr', 'geb',
    'gem', 'ggf', 'hr', 'hrsg', 'inkl', 'jh', 'jhd', 'kap', 'lt', 'mio', 'mrd', 'nr', 'prof', 'rd', 'sog', 'str', 'tel',
    'st', 'verf', 'vgl', 'zit', 'ziff', 'zzgl',
  ]),
  en: new Set([
    'al', 'approx', 'apt', 'art', 'ca', 'cf', 'ch', 'dept', 'dr', 'eg', 'est', 'fig', 'figs', 'ie', 'jr', 'mr', 'mrs',
    'ms', 'mt', 'no', 'nos', 'pp', 'prof', 'sec', 'sr', 'st', 'vol', 'vs',
  ]),
};
const ALL_ABBREVIATIONS = new Set(Object.values(ABBREVIATIONS).flatMap((set) => [...set]));
const GERMAN_MONTH = /^(Januar|Jänner|Februar|März|April|Mai|Juni|Juli|August|September|Oktober|November|Dezember|Jan\.|Feb\.|Mär\.|Apr\.|Jun\.|Jul\.|Aug\.|Sep\.|Sept\.|Okt\.|Nov\.|Dez\.)/;

const segmenters = new Map<string, Intl.Segmenter>();

function segmenterFor(language: string): Intl.Segmenter {
  let segmenter = segmenters.get(language);
  if (!segmenter) {
    try {
      segmenter = new Intl.Segmenter(language, { granularity: 'sentence' });
    } catch {
      // A code ICU does not take (a DeepL-style "ZH-HANS" is fine; garbage is not): language-neutral rules.
      segmenter = new Intl.Segmenter('und', { granularity: 'sentence' });
    }
    segmenters.set(language, segmenter);
  }
  return segmenter;
}

/** `language`: the source language code, or `auto`/undefined when unknown. */
export function segmentText(text: string, language?: string): SegmentedText {
  const known = language && language.toLowerCase() !== 'auto' ? language : undefined;
  const base = known?.split('-')[0]?.toLowerCase();
  const segmenter = segmenterFor(known ?? 'und');
  const abbreviations = (base ? ABBREVIATIONS[base] : undefined) ?? ALL_ABBREVIATIONS;

  // Pieces in order; `sentence` pieces go to the engine, the rest are separators.
  const pieces: Array<{ text: string; sentence: boolean }> = [];
  // Odd indexes are the line breaks with the whitespace around them (trailing spaces, indentation).
  const lines = text.split(/(\s*\n\s*)/);
  lines.forEach((line, index) => {
    if (index % 2 === 1) {
      pieces.push({ text: line, sentence: false });
      return;
    }
    const sentences: string[] = [];
    for (const { segment } of segmenter.segment(line)) {
      const previous = sentences.at(-1);
      if (previous !== undefined && continuesSentence(previous, segment, abbreviations, base)) {
        sentences[sentences.length - 1] = previous + segment;
      } else {
        sentences.push(segment);
      }
    }
    for (const sentence of sentences) {
      const [, before = '', core = '', after = ''] = /^(\s*)([\s\S]*?)(\s*)$/.exec(sentence) ?? [];
      if (before) pieces.push({ text: before, sentence: false });
      if (core) pieces.push({ text: core, sentence: /\p{L}/u.test(core) });
      if (after) pieces.push({ text: after, sentence: false });
    }
  });

  const result: SegmentedText = { leading: '', segments: [] };
  for (const piece of pieces) {
    const last = result.segments.at(-1);
    if (piece.sentence) result.segments.push({ text: piece.text, trailing: '' });
    else if (last) last.trailing += piece.text;
    else result.leading += piece.text;
  }
  return result;
}

/** Puts translated sentences (one per segment, in order) between the original separators. */
export function joinSegments(segmented: SegmentedText, translations: string[]): string {
  return segmented.leading + segmented.segments.map((segment, i) => (translations[i] ?? '') + segment.trailing).join('');
}

/** True when ICU's break between `previous` and `next` is not a sentence end (see the file's comment). */
function continuesSentence(previous: string, next: string, abbreviations: ReadonlySet<string>, language: string | undefined): boolean {
  const head = next.trimStart();
  if (head === '') return true;
  // A sentence never starts in lower case in a cased script ("5 p.m. yesterday", "etc. und").
  if (/^\p{Ll}/u.test(head)) return true;
  const tail = previous.trimEnd();
  if (!tail.endsWith('.')) return false;
  const lastWord = /([^\s([{"'„“‚‘«»]+)$/.exec(tail)?.[1] ?? '';
  // "z." "B." "d." "J." (initials), "z.B." "e.g." "i.e." "u.a."
  if (/^(\p{L}\.)+$/u.test(lastWord)) return true;
  if (abbreviations.has(lastWord.slice(0, -1).replace(/\./g, '').toLowerCase())) return true;
  // German ordinal dates: "am 3. Mai", "bis 12. Okt."
  if ((language === 'de' || language === undefined) && /^\d{1,2}\.$/.test(lastWord) && GERMAN_MONTH.test(head)) return true;
  return false;
}
