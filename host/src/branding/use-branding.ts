import type { BrandImage, Customization } from '@assistant/contracts';
import { applyTheme } from '@assistant/ui';
import { useEffect, useLayoutEffect, useMemo, useState } from 'react';
import { useResolvedTheme } from '../theme/use-resolved-theme';

const MIME = { svg: 'image/svg+xml', png: 'image/png' } as const;

/**
 * A logo or favicon as a data URL. Shown only through <img> or <link rel=icon>, never inlined,
 * so an SVG's scripts cannot run (DESIGN.md section 8).
 */
export function brandImageUrl(image: BrandImage | null | undefined): string | undefined {
  if (!image || !/^[A-Za-z0-9+/=\s]+$/.test(image.data)) return undefined;
  return `data:${MIME[image.type]};base64,${image.data.replace(/\s/g, '')}`;
}

type Colors = Customization['colors'];

/**
 * The dark variants of the customization's brand colours: computed in a chunk of their own, loaded
 * only in the dark theme with customized colours (the shell's start-up does not carry it). Empty
 * until then, so the dark defaults show meanwhile, never the light theme's colours.
 */
function useDarkBrandColors(colors: Colors, dark: boolean): Colors {
  const [variants, setVariants] = useState<{ of: Colors; colors: Colors } | null>(null);
  const needed = dark && Object.keys(colors).length > 0;
  useEffect(() => {
    if (!needed) return;
    let current = true;
    void import(/* webpackChunkName: "dark-brand-colors" */ './dark-brand-colors').then(({ darkBrandColors }) => {
      if (current) setVariants({ of: colors, colors: darkBrandColors(colors) });
    });
    return () => {
      current = false;
    };
  }, [needed, colors]);
  return needed && variants?.of === colors ? variants.colors : {};
}

/**
 * Applies the customization to the page: colours and fonts, favicon. Undone when it changes. In
 * the dark theme the brand colours are their dark variants and the light theme's own colours
 * (surface, text, ...) give way to the dark defaults.
 */
export function useBranding(customization: Customization): void {
  const dark = useResolvedTheme() === 'dark';
  const darkColors = useDarkBrandColors(customization.colors, dark);
  const themed = useMemo(() => (dark ? { ...customization, colors: darkColors } : customization), [customization, dark, darkColors]);
  // A layout effect: in place before the page paints and before any effect reads the colours (charts).
  useLayoutEffect(() => applyTheme(themed), [themed]);

  useEffect(() => {
    const href = brandImageUrl(customization.favicon);
    if (!href) return;
    let link = document.querySelector<HTMLLinkElement>('link[rel="icon"]');
    const created = !link;
    link ??= Object.assign(document.createElement('link'), { rel: 'icon' });
    const previous = link.href;
    link.href = href;
    if (created) document.head.appendChild(link);
    return () => {
      if (created) link.remove();
      else link.href = previous;
    };
  }, [customization.favicon]);
}
