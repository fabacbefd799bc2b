import { SOURCE_LANGUAGE_AUTO, type MachineTranslation } from '@assistant/contracts';

/**
 * Which languages an engine offers, from its map (source -> targets) of GET translation/resources.
 * Codes are compared case-insensitively; a code of the map is always kept as the map spells it.
 */

const same = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();
const primary = (code: string) => code.toLowerCase().split('-')[0]!;

/** The source languages the engine reads, without 'auto' (the screen always offers "detect"). */
export function sourceLanguages(engine: MachineTranslation): string[] {
  return Object.keys(engine.languages).filter((code) => !same(code, SOURCE_LANGUAGE_AUTO));
}

/**
 * The target languages for a source: the map's list for that source; for 'auto' the map's own
 * 'auto' entry when it has one, otherwise every target of the map. Never the source itself.
 */
export function targetLanguages(engine: MachineTranslation, source: string): string[] {
  const map = engine.languages;
  let targets: string[];
  if (same(source, SOURCE_LANGUAGE_AUTO)) {
    const autoKey = Object.keys(map).find((code) => same(code, SOURCE_LANGUAGE_AUTO));
    targets = autoKey ? map[autoKey]! : Object.values(map).flat();
  } else {
    const key = Object.keys(map).find((code) => same(code, source));
    targets = key ? map[key]! : [];
  }
  const seen = new Set<string>();
  return targets.filter((code) => {
    const lower = code.toLowerCase();
    if (seen.has(lower) || lower === source.toLowerCase()) return false;
    seen.add(lower);
    return true;
  });
}

/**
 * The entry of `codes` that stands for `code`: the same code (any case), else one of the same
 * language (en for en-GB, en-GB for en). Undefined when the list has no such language.
 */
export function matchLanguage(codes: readonly string[], code: string | null | undefined): string | undefined {
  if (!code) return undefined;
  return codes.find((c) => same(c, code)) ?? codes.find((c) => primary(c) === primary(code));
}

export interface LanguageChoice {
  engine: MachineTranslation;
  /** 'auto' or a source code of the engine's map. */
  source: string;
  /** A target of the source's list; null when the engine offers none for it. */
  target: string | null;
}

export interface WantedChoice {
  engineId?: string | null;
  sourceLanguage?: string | null;
  targetLanguage?: string | null;
}

/**
 * What the screen shows as chosen: the wanted engine, source and target where the engines still
 * offer them; otherwise the first engine, "detect automatically", and a target in the interface
 * language (or the first one).
 */
export function resolveChoice(engines: readonly MachineTranslation[], wanted: WantedChoice, interfaceLanguage: string): LanguageChoice | null {
  const engine = engines.find((e) => e.id === wanted.engineId) ?? engines[0];
  if (!engine) return null;
  const source =
    wanted.sourceLanguage && !same(wanted.sourceLanguage, SOURCE_LANGUAGE_AUTO)
      ? (sourceLanguages(engine).find((code) => same(code, wanted.sourceLanguage!)) ?? SOURCE_LANGUAGE_AUTO)
      : SOURCE_LANGUAGE_AUTO;
  const targets = targetLanguages(engine, source);
  const target = matchLanguage(targets, wanted.targetLanguage) ?? matchLanguage(targets, interfaceLanguage) ?? targets[0] ?? null;
  return { engine, source, target };
}

/**
 * Source and target swapped, as the engine's map allows (en-GB as a target becomes en as a
 * source); null when the source is 'auto' or the map has no way back.
 */
export function swapLanguages(engine: MachineTranslation, source: string, target: string | null): { source: string; target: string } | null {
  if (!target || same(source, SOURCE_LANGUAGE_AUTO)) return null;
  const newSource = matchLanguage(sourceLanguages(engine), target);
  if (!newSource) return null;
  const newTarget = matchLanguage(targetLanguages(engine, newSource), source);
  if (!newTarget) return null;
  return { source: newSource, target: newTarget };
}
