import type { BrandImage, Customization } from '@assistant/contracts';
import { createRequire } from 'node:module';
import type createDOMPurify from 'dompurify';

/** An uploaded logo or favicon that is not what it claims to be; `field` is logo or favicon. */
export class BrandImageError extends Error {
  override readonly name = 'BrandImageError';
  constructor(
    readonly field: 'logo' | 'favicon',
    message: string,
  ) {
    super(message);
  }
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const SVG_NS = 'http://www.w3.org/2000/svg';
const XLINK_NS = 'http://www.w3.org/1999/xlink';
// url(...) that points anywhere but a fragment of the same image (url(#gradient) stays).
const EXTERNAL_URL = /url\(\s*(?!['"]?#)/i;

type Purifier = ReturnType<typeof createDOMPurify>;
let purifier: Purifier | undefined;

/**
 * DOMPurify over a jsdom window, made at the first SVG: jsdom costs more than half a second of CPU
 * to load, which every server start and every test process paid for a logo upload that is rare.
 * Loaded with require because the sanitizer is synchronous (both packages are CommonJS).
 */
function purify(): Purifier {
  if (purifier) return purifier;
  const require = createRequire(import.meta.url);
  const { JSDOM } = require('jsdom') as typeof import('jsdom');
  const createPurify = require('dompurify') as typeof createDOMPurify;
  const made = createPurify(new JSDOM('').window as unknown as Parameters<typeof createDOMPurify>[0]);
  made.addHook('uponSanitizeAttribute', (_node, data) => {
    const name = data.attrName.toLowerCase();
    const value = data.attrValue.trim();
    // Links and references only to ids inside the image: no external image, font or script.
    if ((name === 'href' || name === 'xlink:href') && !value.startsWith('#')) data.keepAttr = false;
    if (EXTERNAL_URL.test(value) || /@import|expression\s*\(/i.test(value)) data.keepAttr = false;
  });
  purifier = made;
  return made;
}

/**
 * An uploaded SVG made harmless: DOMPurify's SVG profile (no script, no event handler, no
 * foreignObject), no <style> element, no href other than #fragment, no url(...) to anything outside
 * the image. Throws when nothing usable (an <svg> root) is left. Shown only through <img>.
 */
export function sanitizeSvg(svg: string): string {
  const clean = purify().sanitize(svg, {
    USE_PROFILES: { svg: true, svgFilters: true },
    FORBID_TAGS: ['foreignObject', 'script', 'style', 'a', 'image', 'feImage', 'use'],
    FORBID_ATTR: ['style'],
    RETURN_DOM: true,
  }) as unknown as Element;
  const root = clean.firstElementChild;
  if (!root || root.localName !== 'svg' || clean.childElementCount !== 1) throw new Error('The file is not an SVG image');
  // An SVG opened as an image needs its namespaces declared (HTML parsing left them implicit).
  root.setAttribute('xmlns', SVG_NS);
  if (root.outerHTML.includes('xlink:')) root.setAttribute('xmlns:xlink', XLINK_NS);
  return root.outerHTML;
}

/** Whether the bytes start with the PNG file signature. */
export function isPng(bytes: Buffer): boolean {
  return bytes.length > PNG_SIGNATURE.length && bytes.subarray(0, PNG_SIGNATURE.length).equals(PNG_SIGNATURE);
}

/** One logo or favicon checked: a PNG by its signature, an SVG sanitized (its data replaced). */
export function checkBrandImage(field: 'logo' | 'favicon', image: BrandImage): BrandImage {
  const bytes = Buffer.from(image.data, 'base64');
  if (image.type === 'png') {
    if (!isPng(bytes)) throw new BrandImageError(field, 'Must be a PNG image');
    return image;
  }
  let svg: string;
  try {
    svg = sanitizeSvg(bytes.toString('utf8'));
  } catch {
    throw new BrandImageError(field, 'Must be an SVG image');
  }
  return { ...image, data: Buffer.from(svg, 'utf8').toString('base64') };
}

/** The customization with its logo and favicon checked (see checkBrandImage). */
export function checkBrandImages(customization: Customization): Customization {
  return {
    ...customization,
    logo: customization.logo ? checkBrandImage('logo', customization.logo) : customization.logo,
    favicon: customization.favicon ? checkBrandImage('favicon', customization.favicon) : customization.favicon,
  };
}
