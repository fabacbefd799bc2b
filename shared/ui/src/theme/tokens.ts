/** Colour tokens a customization may set; each is the CSS variable `--ui-color-<token>`. */
export const THEME_COLOR_TOKENS = [
  'primary',
  'on-primary',
  'surface',
  'background',
  'text',
  'muted',
  'border',
  'focus',
  'success',
  'error',
  'info',
] as const;
export type ThemeColorToken = (typeof THEME_COLOR_TOKENS)[number];

export const colorVariable = (token: ThemeColorToken): string => `--ui-color-${token}`;
export const FONT_FAMILY_VARIABLE = '--ui-font-family';
export const FONT_SIZE_VARIABLE = '--ui-font-size';

/** Base font size in px that 1rem stands for; customization sizes are px (SPEC: size 16). */
export const BASE_FONT_SIZE_PX = 16;

/** Appended to a customized font family. */
export const FONT_FALLBACK_STACK = 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif';

/** Light theme defaults, as in tokens.css (the tests check their contrast). */
export const DEFAULT_THEME_COLORS: Readonly<Record<ThemeColorToken, string>> = {
  primary: '#1d4ed8',
  'on-primary': '#ffffff',
  surface: '#ffffff',
  background: '#f5f6f8',
  text: '#1a1d21',
  muted: '#535a65',
  border: '#767e89',
  focus: '#6d28d9',
  success: '#166534',
  error: '#b42318',
  info: '#0b5cad',
};

/** Dark theme defaults, as in tokens.css's dark blocks (the tests check their contrast). */
export const DARK_THEME_COLORS: Readonly<Record<ThemeColorToken, string>> = {
  primary: '#8ab4f8',
  'on-primary': '#0d1117',
  surface: '#1b1e23',
  background: '#121418',
  text: '#e8eaed',
  muted: '#a8b0bb',
  border: '#808995',
  focus: '#c4a5ff',
  success: '#6fcf8e',
  error: '#ff8f85',
  info: '#79b8ff',
};

/**
 * The key of a customization colour as a token: `on-primary` and `onPrimary` both work; anything
 * else is not a token.
 */
export function toColorToken(key: string): ThemeColorToken | undefined {
  const kebab = key.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);
  return (THEME_COLOR_TOKENS as readonly string[]).includes(kebab) ? (kebab as ThemeColorToken) : undefined;
}
