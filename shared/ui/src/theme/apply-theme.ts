import { isSafeColor, readableTextOn } from './color';
import {
  BASE_FONT_SIZE_PX,
  colorVariable,
  FONT_FALLBACK_STACK,
  FONT_FAMILY_VARIABLE,
  FONT_SIZE_VARIABLE,
  toColorToken,
  type ThemeColorToken,
} from './tokens';

/** The part of the customization the theme reads; a whole contracts `Customization` fits. */
export interface ThemeCustomization {
  colors?: Readonly<Record<string, string>> | null;
  fonts?: { family?: string | null; size?: number | null } | null;
}

/** Letters, digits, spaces and a few marks: enough for real family names, nothing that can escape quotes. */
const FONT_FAMILY = /^[\p{L}\p{N} ._-]{1,100}$/u;

/** `"Family", <fallbacks>` for a safe family name, undefined otherwise. */
export function fontFamilyValue(family: unknown): string | undefined {
  if (typeof family !== 'string') return undefined;
  const name = family.trim().replace(/\s+/g, ' ');
  if (!FONT_FAMILY.test(name)) return undefined;
  return `"${name}", ${FONT_FALLBACK_STACK}`;
}

/** The font size as rem, never below 1rem (the 16px base); undefined when not a usable number. */
export function fontSizeValue(sizePx: unknown): string | undefined {
  if (typeof sizePx !== 'number' || !Number.isFinite(sizePx) || sizePx <= 0) return undefined;
  const rem = Math.max(sizePx, BASE_FONT_SIZE_PX) / BASE_FONT_SIZE_PX;
  return `${Math.round(rem * 10000) / 10000}rem`;
}

/** The CSS variables a customization turns into; bad values are left out. */
export function themeVariables(customization: ThemeCustomization): Map<string, string> {
  const vars = new Map<string, string>();
  const colors = new Map<ThemeColorToken, string>();
  for (const [key, value] of Object.entries(customization.colors ?? {})) {
    const token = toColorToken(key);
    if (token && isSafeColor(value)) colors.set(token, value.trim());
  }
  // A new primary without a matching on-primary would risk unreadable button text.
  const primary = colors.get('primary');
  if (primary && !colors.has('on-primary')) {
    const onPrimary = readableTextOn(primary);
    if (onPrimary) colors.set('on-primary', onPrimary);
  }
  for (const [token, value] of colors) vars.set(colorVariable(token), value);

  const family = fontFamilyValue(customization.fonts?.family);
  if (family) vars.set(FONT_FAMILY_VARIABLE, family);
  const size = fontSizeValue(customization.fonts?.size);
  if (size) vars.set(FONT_SIZE_VARIABLE, size);
  return vars;
}

/**
 * Sets the theme's CSS variables on `root` from the customization's colours (known tokens only,
 * colour values only) and fonts (quoted family with fallbacks; size never below 1rem). Returns a
 * function that puts back exactly what was there before.
 */
export function applyTheme(customization: ThemeCustomization, root: HTMLElement = document.documentElement): () => void {
  const previous = new Map<string, { value: string; priority: string }>();
  const remember = (name: string) => {
    if (!previous.has(name)) {
      previous.set(name, { value: root.style.getPropertyValue(name), priority: root.style.getPropertyPriority(name) });
    }
  };

  const previousThemeAttr = root.getAttribute('data-ui-theme');
  // Derived tokens (hover shades, tints) are declared on [data-ui-theme] too, so they follow the
  // customized values on any root, not only on :root.
  root.setAttribute('data-ui-theme', 'custom');

  for (const [name, value] of themeVariables(customization)) {
    remember(name);
    root.style.setProperty(name, value);
  }

  let restored = false;
  return () => {
    if (restored) return;
    restored = true;
    for (const [name, { value, priority }] of previous) {
      if (value) root.style.setProperty(name, value, priority);
      else root.style.removeProperty(name);
    }
    if (previousThemeAttr === null) root.removeAttribute('data-ui-theme');
    else root.setAttribute('data-ui-theme', previousThemeAttr);
  };
}
