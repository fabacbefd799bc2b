import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { DEFAULT_CUSTOMIZATION, type Customization } from '@assistant/contracts';
import { applyTheme, fontFamilyValue, fontSizeValue } from '../apply-theme';
import { contrastRatio, isSafeColor } from '../color';
import { DARK_THEME_COLORS, DEFAULT_THEME_COLORS, THEME_COLOR_TOKENS } from '../tokens';

const css = (name: string, root: HTMLElement = document.documentElement) => root.style.getPropertyValue(name);

afterEach(() => {
  document.documentElement.removeAttribute('style');
  document.documentElement.removeAttribute('data-ui-theme');
});

describe('applyTheme', () => {
  it('sets the colour tokens, font family and size, and restores what was there before', () => {
    const root = document.documentElement;
    root.style.setProperty('--ui-color-primary', '#123456');
    const restore = applyTheme({
      colors: { primary: '#0a7d3b', 'on-primary': '#ffffff', background: 'rgb(250, 250, 250)', text: 'black' },
      fonts: { family: 'Open Sans', size: 18 },
    });
    expect(css('--ui-color-primary')).toBe('#0a7d3b');
    expect(css('--ui-color-on-primary')).toBe('#ffffff');
    expect(css('--ui-color-background')).toBe('rgb(250, 250, 250)');
    expect(css('--ui-color-text')).toBe('black');
    expect(css('--ui-font-family')).toMatch(/^"Open Sans", system-ui, .*sans-serif$/);
    expect(css('--ui-font-size')).toBe('1.125rem');
    expect(root.getAttribute('data-ui-theme')).toBe('custom');

    restore();
    expect(css('--ui-color-primary')).toBe('#123456');
    expect(css('--ui-color-on-primary')).toBe('');
    expect(css('--ui-color-background')).toBe('');
    expect(css('--ui-font-family')).toBe('');
    expect(css('--ui-font-size')).toBe('');
    expect(root.hasAttribute('data-ui-theme')).toBe(false);
    restore(); // a second call changes nothing
    expect(css('--ui-color-primary')).toBe('#123456');
  });

  it('ignores values that are not colours and keys that are not tokens', () => {
    const restore = applyTheme({
      colors: {
        primary: 'red; background:url(x)',
        surface: 'url(https://evil.example/x.png)',
        background: 'var(--other)',
        text: 'expression(alert(1))',
        muted: 'notacolour',
        border: '#12345',
        focus: '#6d28d9 !important',
        success: '',
        'made-up': '#ffffff',
        error: ' #B42318 ',
      },
      fonts: { family: 'Raleway', size: 16 },
    });
    for (const token of ['primary', 'surface', 'background', 'text', 'muted', 'border', 'focus', 'success']) {
      expect(css(`--ui-color-${token}`)).toBe('');
    }
    expect(css('--ui-color-made-up')).toBe('');
    expect(css('--ui-color-error')).toBe('#B42318');
    restore();
  });

  it('takes camelCase keys for the same tokens', () => {
    const restore = applyTheme({ colors: { onPrimary: '#000000', primary: '#ffcc00' } });
    expect(css('--ui-color-on-primary')).toBe('#000000');
    restore();
  });

  it('picks a readable on-primary when only primary is customized', () => {
    const light = applyTheme({ colors: { primary: '#ffd400' } });
    expect(css('--ui-color-on-primary')).toBe('#1a1d21');
    light();
    const dark = applyTheme({ colors: { primary: '#003366' } });
    expect(css('--ui-color-on-primary')).toBe('#ffffff');
    dark();
  });

  it('never sets a font size below 1rem (16px)', () => {
    const restore = applyTheme({ fonts: { family: 'Raleway', size: 10 } });
    expect(css('--ui-font-size')).toBe('1rem');
    restore();
    expect(fontSizeValue(16)).toBe('1rem');
    expect(fontSizeValue(1)).toBe('1rem');
    expect(fontSizeValue(20)).toBe('1.25rem');
    expect(fontSizeValue(Number.NaN)).toBeUndefined();
    expect(fontSizeValue(-4)).toBeUndefined();
  });

  it('quotes the family with fallbacks and refuses names that could break out of the value', () => {
    expect(fontFamilyValue('  Source   Sans 3 ')).toMatch(/^"Source Sans 3", /);
    expect(fontFamilyValue('Raleway"; color: red')).toBeUndefined();
    expect(fontFamilyValue('x}body{display:none')).toBeUndefined();
    expect(fontFamilyValue('')).toBeUndefined();
    const restore = applyTheme({ fonts: { family: 'Evil" , url(x)', size: 16 } });
    expect(css('--ui-font-family')).toBe('');
    restore();
  });

  it('works on another root element', () => {
    const element = document.createElement('div');
    element.style.setProperty('--ui-color-info', 'blue');
    const restore = applyTheme({ colors: { info: 'navy' } }, element);
    expect(css('--ui-color-info', element)).toBe('navy');
    expect(css('--ui-color-info')).toBe('');
    restore();
    expect(css('--ui-color-info', element)).toBe('blue');
  });

  it('accepts the contracts Customization as it is', () => {
    const customization: Customization = { ...DEFAULT_CUSTOMIZATION, colors: { primary: '#00529b' } };
    const restore = applyTheme(customization);
    expect(css('--ui-color-primary')).toBe('#00529b');
    expect(css('--ui-font-family')).toMatch(/^"Raleway", /);
    expect(css('--ui-font-size')).toBe('1rem');
    restore();
  });
});

describe('isSafeColor', () => {
  const original = (globalThis as { CSS?: unknown }).CSS;
  afterEach(() => {
    (globalThis as { CSS?: unknown }).CSS = original;
  });

  it('uses CSS.supports when the browser has it, after refusing declaration breakers', () => {
    const supports = jest.fn((_property: string, value: string) => value !== 'nope');
    (globalThis as { CSS?: unknown }).CSS = { supports };
    expect(isSafeColor('color(display-p3 1 0 0)')).toBe(true);
    expect(supports).toHaveBeenCalledWith('color', 'color(display-p3 1 0 0)');
    expect(isSafeColor('nope')).toBe(false);
    // Never even asked: these could end the declaration or load something.
    supports.mockClear();
    expect(isSafeColor('red; background:url(x)')).toBe(false);
    expect(isSafeColor('var(--x)')).toBe(false);
    expect(supports).not.toHaveBeenCalled();
  });

  it('falls back to a strict pattern without CSS.supports', () => {
    (globalThis as { CSS?: unknown }).CSS = undefined;
    for (const ok of ['#fff', '#ffffff80', 'rgb(0 0 0 / 50%)', 'rgba(0, 0, 0, 0.5)', 'hsl(210 50% 40%)', 'RebeccaPurple', 'transparent', 'oklch(0.6 0.1 250)']) {
      expect([ok, isSafeColor(ok)]).toEqual([ok, true]);
    }
    for (const bad of ['#ggg', 'rgb(0,0)', 'bluish', 'rgb(0 0 0) red', '12', 'red;', '<script>']) {
      expect([bad, isSafeColor(bad)]).toEqual([bad, false]);
    }
  });
});

const tokensCss = readFileSync(join(__dirname, '../../styles/tokens.css'), 'utf8');

/** The declarations of the first rule whose selector is exactly `selector`. */
function declarationsOf(selector: string): string {
  const start = tokensCss.indexOf(`${selector} {`);
  expect(start).toBeGreaterThanOrEqual(0);
  const body = tokensCss.slice(start + selector.length + 2, tokensCss.indexOf('}', start));
  return body
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean)
    .join('\n');
}

describe.each([
  ['light', DEFAULT_THEME_COLORS, ':root'],
  ['dark', DARK_THEME_COLORS, ":root[data-theme='dark']"],
])('default %s theme', (_name, c, selector) => {
  it('tokens.css declares the same colours as the defaults in tokens.ts', () => {
    const declarations = declarationsOf(selector);
    for (const token of THEME_COLOR_TOKENS) {
      expect(declarations).toContain(`--ui-color-${token}: ${c[token]};`);
    }
  });

  it('meets WCAG AA contrast for text and 3:1 for borders and the focus ring', () => {
    const ratio = (a: string, b: string) => contrastRatio(a, b) ?? 0;
    for (const bg of [c.surface, c.background]) {
      expect(ratio(c.text, bg)).toBeGreaterThanOrEqual(4.5);
      expect(ratio(c.muted, bg)).toBeGreaterThanOrEqual(4.5);
      expect(ratio(c.primary, bg)).toBeGreaterThanOrEqual(4.5);
      expect(ratio(c.error, bg)).toBeGreaterThanOrEqual(4.5);
      expect(ratio(c.success, bg)).toBeGreaterThanOrEqual(4.5);
      expect(ratio(c.info, bg)).toBeGreaterThanOrEqual(4.5);
      expect(ratio(c.border, bg)).toBeGreaterThanOrEqual(3);
      expect(ratio(c.focus, bg)).toBeGreaterThanOrEqual(3);
    }
    expect(ratio(c['on-primary'], c.primary)).toBeGreaterThanOrEqual(4.5);
    const onError = /--ui-color-on-error: (#[0-9a-f]{6});/.exec(declarationsOf(selector))?.[1] ?? '';
    expect(ratio(onError, c.error)).toBeGreaterThanOrEqual(4.5); // danger button text
  });
});

describe('dark theme in tokens.css', () => {
  it('declares the same dark tokens for data-theme="dark" and for a dark system setting', () => {
    expect(declarationsOf(":root:not([data-theme='light'])")).toBe(declarationsOf(":root[data-theme='dark']"));
  });

  it('keeps marked text, code and its highlighting readable in both themes', () => {
    for (const selector of [':root', ":root[data-theme='dark']"]) {
      const declarations = declarationsOf(selector);
      const token = (name: string) => new RegExp(`--ui-color-${name}: (#[0-9a-f]{6});`).exec(declarations)?.[1] ?? '';
      expect(contrastRatio(token('on-mark'), token('mark'))).toBeGreaterThanOrEqual(4.5);
      for (const part of ['text', 'comment', 'keyword', 'string', 'number', 'title', 'deletion']) {
        expect([selector, part, contrastRatio(token(`code-${part}`), token('code-background'))! >= 4.5]).toEqual([selector, part, true]);
      }
    }
  });
});
