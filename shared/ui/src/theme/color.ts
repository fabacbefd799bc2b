// Colour checks for values that come from the customization: only a colour may reach a CSS
// variable, never a second declaration (`red; background:url(x)`) or a url()/var()/expression.
import { isCssColor } from '@assistant/contracts/startup';

const HEX = /^#(?:[0-9a-f]{3}|[0-9a-f]{4}|[0-9a-f]{6}|[0-9a-f]{8})$/i;
// Characters and words that never belong in a colour and could end the declaration or load something.
const FORBIDDEN = /[;:{}<>"'`\\@!]|url\(|var\(|expression|image|attr\(|\/\*/i;

/** Strict fallback where `CSS.supports` does not exist (tests, old engines): the contract's colour rule. */
export function isColorByPattern(value: string): boolean {
  return isCssColor(value);
}

/** True when `value` is a plain CSS colour. */
export function isSafeColor(value: unknown): value is string {
  if (typeof value !== 'string') return false;
  const v = value.trim();
  if (v.length === 0 || v.length > 64 || FORBIDDEN.test(v)) return false;
  const css = (globalThis as { CSS?: { supports?: (property: string, value: string) => boolean } }).CSS;
  if (css && typeof css.supports === 'function') return css.supports('color', v);
  return isColorByPattern(v);
}

/** [r, g, b] in 0..255 for #hex and rgb()/rgba() colours; undefined for anything else. */
export function parseRgb(value: string): [number, number, number] | undefined {
  const v = value.trim().toLowerCase();
  if (HEX.test(v)) {
    let hex = v.slice(1);
    if (hex.length <= 4) hex = [...hex].map((c) => c + c).join('');
    return [0, 2, 4].map((i) => parseInt(hex.slice(i, i + 2), 16)) as [number, number, number];
  }
  if (v === 'white') return [255, 255, 255];
  if (v === 'black') return [0, 0, 0];
  const m = /^rgba?\(\s*(\d+(?:\.\d+)?)(%?)[\s,]+(\d+(?:\.\d+)?)(%?)[\s,]+(\d+(?:\.\d+)?)(%?)/.exec(v);
  if (!m) return undefined;
  const channel = (n: string | undefined, pct: string | undefined) =>
    Math.min(255, pct ? (Number(n) * 255) / 100 : Number(n));
  return [channel(m[1], m[2]), channel(m[3], m[4]), channel(m[5], m[6])];
}

function luminance([r, g, b]: [number, number, number]): number {
  const lin = (c: number) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
}

/** WCAG 2 contrast ratio of two parsable colours (1..21), undefined when one cannot be parsed. */
export function contrastRatio(a: string, b: string): number | undefined {
  const ca = parseRgb(a);
  const cb = parseRgb(b);
  if (!ca || !cb) return undefined;
  const [hi, lo] = [luminance(ca), luminance(cb)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

/** White or near-black, whichever reads better on `background`; undefined if it cannot be parsed. */
export function readableTextOn(background: string): string | undefined {
  const white = contrastRatio('#ffffff', background);
  const dark = contrastRatio('#1a1d21', background);
  if (white === undefined || dark === undefined) return undefined;
  return white >= 4.5 || white >= dark ? '#ffffff' : '#1a1d21';
}
