import { MEMORY_TEXT_MAX_LENGTH } from '@assistant/contracts';

/**
 * The explicit ways of asking the assistant to remember something, in English and German, each
 * capturing the fact as the user wrote it. They work with every model (also one without tools);
 * anything less explicit is the model's to notice (the `remember` tool).
 */
const ASKS_TO_REMEMBER: readonly RegExp[] = [
  // "Remember that I work in procurement", "Please remember: …", "Can you remember that …"
  /^(?:(?:please|pls)\s+)?(?:(?:can|could|would|will)\s+you\s+(?:please\s+)?)?remember\s*(?:,|:)?\s*(?:that\s+)?(?<fact>.+)$/iu,
  // "Merke dir, dass ich im Einkauf arbeite", "Merk dir bitte: …", "Bitte merken Sie sich, dass …"
  /^(?:bitte\s+)?merke?\s+dir\s*(?:,\s*)?(?:bitte\s*)?(?:,|:)?\s*(?:(?:,\s*)?dass\s+)?(?<fact>.+)$/iu,
  /^(?:bitte\s+)?merken\s+sie\s+sich\s*(?:,\s*)?(?:bitte\s*)?(?:,|:)?\s*(?:(?:,\s*)?dass\s+)?(?<fact>.+)$/iu,
  // "Kannst du dir merken, dass …", "Können Sie sich bitte merken: …"
  /^(?:kannst\s+du\s+dir|können\s+sie\s+sich)\s+(?:bitte\s+)?merken\s*(?:,|:)?\s*(?:dass\s+)?(?<fact>.+?)\s*\??$/iu,
];

/** What follows "remember" that is not a fact about the user: a reminder ("to call"), a question, the last answer ("this"). */
const NOT_A_FACT = /^(?:to\s|when\s|what\s|how\s|who\s|why\s|where\s|if\s|me\s|this\.?$|that\.?$|it\.?$|das\.?$|dies\.?$|es\.?$|wann\s|was\s|wie\s|wer\s|warum\s|wo\s|ob\s)/iu;

/** A request put as a question: its question mark closes the request, not the fact. */
const POLITE_REQUEST = /^(?:(?:please|pls|bitte)\s+)?(?:(?:can|could|would|will)\s+you|kannst\s+du|können\s+sie)\b/iu;

/** German subjects a "dass" clause starts with, before which its last verb goes back (see `mainClause`). */
const PRONOUN_SUBJECT = /^(ich|wir|er|sie|es|man)\s+(.+)$/iu;
const POSSESSIVE_SUBJECT = /^((?:mein|meine|unser|unsere)\s+\S+)\s+(.+)$/iu;

/**
 * The fact a message asks to be remembered, cleaned (one line, no closing full stop, a capital
 * first letter), or undefined when the message does not ask explicitly. The words are the user's:
 * a German "dass" clause only gets its verb back in second place ("dass ich im Einkauf arbeite"
 * is remembered as "Ich arbeite im Einkauf"), nothing is added.
 */
export function rememberRequest(message: string): string | undefined {
  const text = message.replace(/\s+/gu, ' ').trim();
  // One request, not a long text that happens to start with the word.
  if (text.length > MEMORY_TEXT_MAX_LENGTH + 40) return undefined;
  for (const pattern of ASKS_TO_REMEMBER) {
    const fact = pattern.exec(text)?.groups?.fact?.trim();
    if (!fact) continue;
    // "Remember that …?" asks something; "Can you remember that …?" asks to remember.
    const asksSomething = fact.endsWith('?') && !POLITE_REQUEST.test(text);
    if (NOT_A_FACT.test(fact) || asksSomething) return undefined;
    const hadDass = /(?:^|,\s*|\s)dass\s/iu.test(text.slice(0, text.length - fact.length));
    const cleaned = clean(hadDass ? mainClause(fact) : fact);
    // "Remember everything" says nothing to remember.
    if (cleaned.split(' ').length < 2 || cleaned.length > MEMORY_TEXT_MAX_LENGTH) return undefined;
    return cleaned;
  }
  return undefined;
}

/** A German subordinate clause with a pronoun or "mein X" subject as a main clause: its last word (the verb) after the subject. */
function mainClause(clause: string): string {
  const body = clause.replace(/[.!?]+$/u, '');
  const match = PRONOUN_SUBJECT.exec(body) ?? POSSESSIVE_SUBJECT.exec(body);
  if (!match) return clause;
  const [, subject, rest] = match as unknown as [string, string, string];
  const words = rest.split(' ');
  if (words.length < 2) return `${subject} ${rest}`;
  const verb = words.pop()!;
  return `${subject} ${verb} ${words.join(' ')}`;
}

function clean(fact: string): string {
  const trimmed = fact.replace(/[\s.!?]+$/u, '').trim();
  return trimmed.charAt(0).toLocaleUpperCase('de') + trimmed.slice(1);
}
