import { contrastRatio, DARK_THEME_COLORS } from '@assistant/ui';
import { darkBrandColors, darkVariant } from '../dark-brand-colors';

const { surface, background } = DARK_THEME_COLORS;
const onPrimary = DARK_THEME_COLORS['on-primary'];
const ratio = (a: string, b: string) => contrastRatio(a, b) ?? 0;

// Brand colours as administrators set them: dark, mid, light, saturated, grey, black and white.
const BRANDS = [
  '#1d4ed8', '#00529b', '#003366', '#0a7d3b', '#b42318', '#6d28d9', '#e20074', '#ff6600', '#ffd400',
  '#008080', '#333333', '#777777', '#000000', '#ffffff', '#8ab4f8', '#e30613', '#004b87', '#5c2d91',
  'rgb(29 78 216)', 'rgb(0, 100, 0)', '#abc',
];

describe('darkBrandColors', () => {
  it.each(BRANDS)('gives %s a dark variant readable on the dark surfaces, with readable text on it', (brand) => {
    const dark = darkBrandColors({ primary: brand });
    expect(dark.primary).toMatch(/^#[0-9a-f]{6}$/);
    expect(ratio(dark.primary!, surface)).toBeGreaterThanOrEqual(4.5);
    expect(ratio(dark.primary!, background)).toBeGreaterThanOrEqual(4.5);
    expect(dark['on-primary']).toBe(onPrimary);
    expect(ratio(dark['on-primary']!, dark.primary!)).toBeGreaterThanOrEqual(4.5);
  });

  it.each(BRANDS)('gives the focus ring %s at least 3:1 and the danger colour 4.5:1 under dark text', (brand) => {
    const dark = darkBrandColors({ focus: brand, error: brand, success: brand, info: brand });
    expect(ratio(dark.focus!, surface)).toBeGreaterThanOrEqual(3);
    expect(ratio(dark.focus!, background)).toBeGreaterThanOrEqual(3);
    for (const token of ['error', 'success', 'info'] as const) {
      expect(ratio(dark[token]!, surface)).toBeGreaterThanOrEqual(4.5);
    }
    expect(ratio(onPrimary, dark.error!)).toBeGreaterThanOrEqual(4.5);
  });

  it('keeps the hue: a blue stays blue, only lighter', () => {
    const variant = darkVariant('#1d4ed8')!;
    const [r, g, b] = [1, 3, 5].map((i) => parseInt(variant.slice(i, i + 2), 16)) as [number, number, number];
    expect(b).toBeGreaterThan(r);
    expect(b).toBeGreaterThan(g);
    expect(ratio(variant, '#ffffff')).toBeLessThan(ratio('#1d4ed8', '#ffffff'));
  });

  it('leaves a colour that already reads well on dark as it is', () => {
    expect(darkVariant('#8ab4f8')).toBe('#8ab4f8');
  });

  it('reads other colour notations (named, hsl) through the canvas, as the browser spells them', () => {
    // The browser's canvas turns any colour it accepts into hex and keeps the old value otherwise.
    const spelled: Record<string, string> = { navy: '#000080', 'hsl(220 80% 30%)': '#0f3d8a' };
    let fillStyle = '';
    jest.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue({
      get fillStyle() {
        return fillStyle;
      },
      set fillStyle(value: string) {
        fillStyle = value.startsWith('#') ? value : (spelled[value] ?? fillStyle);
      },
    } as never);
    for (const value of Object.keys(spelled)) {
      const dark = darkBrandColors({ primary: value });
      expect(ratio(dark.primary!, surface)).toBeGreaterThanOrEqual(4.5);
    }
    expect(darkBrandColors({ primary: 'bluish' })).toEqual({});
    jest.restoreAllMocks();
  });

  it('leaves the light theme\'s own colours and unreadable values to the dark defaults', () => {
    jest.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null);
    expect(darkBrandColors({ surface: '#ffffff', background: '#f0f0f0', text: '#111111', muted: '#555555', border: '#999999', 'on-primary': '#ffffff' })).toEqual({});
    expect(darkBrandColors({ primary: 'not a colour' })).toEqual({});
    expect(darkBrandColors(undefined)).toEqual({});
    jest.restoreAllMocks();
  });
});
