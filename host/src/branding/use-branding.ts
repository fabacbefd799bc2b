import type { BrandImage, Customization } from '@assistant/contracts';
import { applyTheme } from '@assistant/ui';
import { useEffect, useLayoutEffect, useMemo } from 'react';
import { useResolvedTheme } from '../theme/use-resolved-theme';
import { darkBrandColors } from './dark-brand-colors';

const MIME = { svg: 'image/svg+xml', png: 'image/png' } as const;

/**
 * A logo or favicon as a data URL. Shown only through <img> or <link rel=icon>, never inlined,
 * so an SVG's scripts cannot run (DESIGN.md section 8).
 */
export function brandImageUrl(image: BrandImage | null | undefined): string | undefined {
  if (!image || !/^[A-Za-z0-9+/=\s]+$/.test(image.data)) return undefined;
  return `data:${MIME[image.type]};base64,${image.data.replace(/\s/g, '')}`;
}

/**
 * Applies the customization to the page: colours and fonts, favicon. Undone when it changes. In
 * the dark theme the brand colours are their dark variants and the light theme's own colours
 * (surface, text, ...) give way to the dark defaults.
 */
export function useBranding(customization: Customization): void {
  const theme = useResolvedTheme();
  const themed = useMemo(
    () => (theme === 'dark' ? { ...customization, colors: darkBrandColors(customization.colors) } : customization),
    [customization, theme],
  );
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
