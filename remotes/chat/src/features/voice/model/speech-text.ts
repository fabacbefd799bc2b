/**
 * What is read aloud of an answer: its rendered text (`toPlainText`: the conversation's plain
 * text of the Markdown, without emphasis marks, code fences or link targets) without what is not
 * said: the citation markers ("[1]", "[2, 3]", "【1】"; taken out of the Markdown first, where
 * they could pass for reference links), list bullets and lines without words (rules).
 */
export function spokenText(markdown: string, toPlainText: (markdown: string) => string): string {
  const withoutCitations = markdown.replace(/[ \t]*(?:\[\^?\d{1,3}(?:\s*[,–-]\s*\d{1,3})*\](?![(:]))+/g, '').replace(/[ \t]*【\d{1,3}[^】\n]{0,40}】/g, '');
  return toPlainText(withoutCitations)
    .split('\n')
    .map((line) => line.replace(/^- /, '').trim())
    .filter((line) => /[\p{L}\p{N}]/u.test(line))
    .join('\n');
}

/** Default part size of the browser's speech: short enough for Chromium's cut-off. */
export const BROWSER_SPEECH_PART = 220;

/**
 * The text in parts of at most `maxCharacters` (a text-to-speech request has a limit, and Chromium
 * stops a long utterance after about 15 seconds), cut after a sentence, else between words.
 */
export function speechParts(text: string, maxCharacters: number): string[] {
  // A sentence ends at its mark before a space or a line's end ("console.log(1)" is not two).
  const sentences = text.split(/(?<=[.!?…]["'”)]*)\s+|\n+/);
  const parts: string[] = [];
  let current = '';
  const push = () => {
    if (current.trim() !== '') parts.push(current.trim());
    current = '';
  };
  for (const sentence of sentences.map((part) => part.replace(/\s+/g, ' ').trim()).filter(Boolean)) {
    if (`${current} ${sentence}`.trim().length <= maxCharacters) {
      current = `${current} ${sentence}`;
      continue;
    }
    push();
    // A sentence longer than a part is cut between words (a word longer than a part, by length).
    for (const word of sentence.split(' ')) {
      for (let index = 0; index < word.length; index += maxCharacters) {
        const piece = word.slice(index, index + maxCharacters);
        if (`${current} ${piece}`.trim().length > maxCharacters) push();
        current = `${current} ${piece}`;
      }
    }
  }
  push();
  return parts;
}
