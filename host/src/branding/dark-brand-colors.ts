import { contrastRatio, DARK_THEME_COLORS, parseRgb } from '@assistant/ui';

type Rgb = [number, number, number];

/**
 * The customized colours that get a dark variant, with the contrast each needs against the dark
 * surfaces: text colours 4.5:1, the focus ring 3:1. Surface, background, text, muted and border are
 * the light theme's own choices; the dark theme keeps its defaults for them.
 */
const DARK_VARIANTS = { primary: 4.5, focus: 3, success: 4.5, error: 4.5, info: 4.5 } as const;
type VariantToken = keyof typeof DARK_VARIANTS;

/** Text on the dark primary and on the dark danger colour (the dark theme's on-primary). */
const DARK_ON_COLOR = DARK_THEME_COLORS['on-primary'];

/** Share of the colour in its own tinted background (`--ui-color-primary-subtle` mixes 10 %; a little more for headroom). */
const TINT = 0.15;

const hex = (rgb: Rgb) => `#${rgb.map((c) => Math.round(c).toString(16).padStart(2, '0')).join('')}`;

function mix(a: Rgb, b: Rgb, share: number): Rgb {
  return a.map((c, i) => c * share + b[i]! * (1 - share)) as Rgb;
}

function toHsl([r, g, b]: Rgb): Rgb {
  const [rn, gn, bn] = [r / 255, g / 255, b / 255];
  const max = Math.max(rn, gn, bn);
  const min = Math.min(rn, gn, bn);
  const l = (max + min) / 2;
  if (max === min) return [0, 0, l];
  const d = max - min;
  const s = l > 0.5 ? d / (2 - max - min) : d / (max + min);
  const h = max === rn ? (gn - bn) / d + (gn < bn ? 6 : 0) : max === gn ? (bn - rn) / d + 2 : (rn - gn) / d + 4;
  return [h / 6, s, l];
}

function fromHsl([h, s, l]: Rgb): Rgb {
  if (s === 0) return [l * 255, l * 255, l * 255];
  const q = l < 0.5 ? l * (1 + s) : l + s - l * s;
  const p = 2 * l - q;
  const channel = (t: number) => {
    const x = t < 0 ? t + 1 : t > 1 ? t - 1 : t;
    if (x < 1 / 6) return p + (q - p) * 6 * x;
    if (x < 1 / 2) return q;
    if (x < 2 / 3) return p + (q - p) * (2 / 3 - x) * 6;
    return p;
  };
  return [channel(h + 1 / 3) * 255, channel(h) * 255, channel(h - 1 / 3) * 255];
}

/**
 * Any CSS colour as rgb: hex and rgb() directly, anything else (hsl(), named colours) through the
 * canvas, which spells every colour it accepts as hex or rgba(). Undefined where neither can.
 */
function toRgb(value: string): Rgb | undefined {
  const direct = parseRgb(value);
  if (direct) return direct;
  try {
    const context = document.createElement('canvas').getContext('2d');
    if (!context) return undefined;
    context.fillStyle = '#000001'; // a value the colour must replace, so a refused one is seen
    context.fillStyle = value;
    const spelled = String(context.fillStyle);
    return spelled === '#000001' ? undefined : parseRgb(spelled);
  } catch {
    return undefined; // jsdom without a canvas
  }
}

/** Whether `rgb` reads well enough on every dark surface, on its own tint there, and (primary, danger) under dark text. */
function readable(rgb: Rgb, minimum: number, carriesText: boolean): boolean {
  const colour = hex(rgb);
  const surfaces = [DARK_THEME_COLORS.surface, DARK_THEME_COLORS.background];
  const tint = hex(mix(rgb, parseRgb(DARK_THEME_COLORS.surface)!, TINT));
  const onSurfaces = [...surfaces, tint].every((surface) => (contrastRatio(colour, surface) ?? 0) >= minimum);
  return onSurfaces && (!carriesText || (contrastRatio(DARK_ON_COLOR, colour) ?? 0) >= 4.5);
}

/**
 * The dark variant of one brand colour: same hue and saturation, lightened just enough (binary
 * search on HSL lightness) to reach `minimum` against the dark surfaces. A colour that already
 * reads well stays as it is.
 */
export function darkVariant(value: string, minimum = 4.5, carriesText = true): string | undefined {
  const rgb = toRgb(value);
  if (!rgb) return undefined;
  if (readable(rgb, minimum, carriesText)) return hex(rgb);
  const [h, s, l] = toHsl(rgb);
  let low = l;
  let high = 1;
  for (let i = 0; i < 20; i += 1) {
    const middle = (low + high) / 2;
    if (readable(fromHsl([h, s, middle]), minimum, carriesText)) high = middle;
    else low = middle;
  }
  // Rounding to whole channels may lose a hair of contrast: step up until it holds.
  let result = fromHsl([h, s, high]).map(Math.round) as Rgb;
  for (let lightness = high; !readable(result, minimum, carriesText) && lightness < 1; ) {
    lightness = Math.min(1, lightness + 0.005);
    result = fromHsl([h, s, lightness]).map(Math.round) as Rgb;
  }
  return hex(result);
}

/**
 * The customization's colours for the dark theme: a dark variant of each brand colour it sets
 * (primary, focus, success, error, info), with dark text on the primary; everything else is left
 * to the dark theme's defaults. Keys as the customization writes them (`on-primary` or `onPrimary`).
 */
export function darkBrandColors(colors: Readonly<Record<string, string>> | null | undefined): Record<string, string> {
  const dark: Record<string, string> = {};
  for (const [key, value] of Object.entries(colors ?? {})) {
    if (!(key in DARK_VARIANTS)) continue;
    const token = key as VariantToken;
    const variant = darkVariant(value, DARK_VARIANTS[token], token === 'primary' || token === 'error');
    if (variant) dark[token] = variant;
  }
  if (dark.primary) dark['on-primary'] = DARK_ON_COLOR;
  return dark;
}
