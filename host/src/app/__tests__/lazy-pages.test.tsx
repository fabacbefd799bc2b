import { renderWithProviders } from '@assistant/platform/testing';
import { waitFor } from '@testing-library/react';
import { isValidElement, Suspense, type ReactElement, type ReactNode } from 'react';
import type { RouteObject } from '@assistant/routing';
import { buildRoutes } from '../routes';
import { CustomizationPage, HomePage } from '../lazy-pages';

// Records when the customization page's module is evaluated (it must not be by the route table).
jest.mock('../../pages/customization/customization-page', () => {
  (globalThis as { customizationPageEvaluated?: boolean }).customizationPageEvaluated = true;
  return jest.requireActual('../../pages/customization/customization-page');
});
const customizationPageEvaluated = () => (globalThis as { customizationPageEvaluated?: boolean }).customizationPageEvaluated === true;

afterEach(() => jest.restoreAllMocks());

const LAZY = Symbol.for('react.lazy');
const isLazy = (type: unknown) => typeof type === 'object' && type !== null && (type as { $$typeof?: symbol }).$$typeof === LAZY;

/** The lazy component a route shows: the element's type, inside a Suspense wrapper, or rendered by a named page. */
function pageOf(element: ReactNode): unknown {
  if (!isValidElement(element)) return undefined;
  const { type, props } = element as ReactElement<{ children?: ReactNode }>;
  if (isLazy(type)) return type;
  if (type === HomePage) return pageOf(HomePage());
  return pageOf(props.children);
}

const everything = buildRoutes({
  flags: { enableHomepage: true, enableCustomization: true },
  isFeatureAvailable: () => true,
  remotes: [],
  isAdmin: true,
});
const all = (routes: RouteObject[]): RouteObject[] => routes.flatMap((route) => [route, ...all(route.children ?? [])]);

describe('lazy pages', () => {
  it('every page route of the shell shows a React.lazy page', () => {
    const pages = all(everything).filter((route) => route.id !== 'shell');
    expect(pages.map((route) => (route.index ? '(index)' : route.path))).toEqual([
      '/callback',
      '/oauth/callback',
      '(index)',
      'privacy-policy',
      'datenschutz',
      'developer/api',
      'usage',
      'accessibility',
      'sign-language',
      'easy-language',
      'groups',
      'governance/*',
      'customization',
      '*',
    ]);
    for (const route of pages) expect([route.path ?? '(index)', isLazy(pageOf(route.element))]).toEqual([route.path ?? '(index)', true]);
  });

  it('building the routes does not load the customization page; showing it does', async () => {
    expect(customizationPageEvaluated()).toBe(false);
    const route = all(everything).find((r) => r.path === 'customization')!;
    expect(pageOf(route.element)).toBe(CustomizationPage);
    jest.spyOn(console, 'error').mockImplementation(() => undefined); // no API in this test: its load fails
    renderWithProviders(
      <Suspense fallback={null}>
        <CustomizationPage />
      </Suspense>,
    );
    await waitFor(() => expect(customizationPageEvaluated()).toBe(true));
  });
});
