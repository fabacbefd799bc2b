import type { ComponentType } from 'react';
import type { RouteObject } from '@assistant/routing';
import { screen } from '@testing-library/react';
import { setupServer } from 'msw/node';
import { handlers, MOUNTS, renderAt, resetUseCases } from './usecases-kit';

// Each page module records when it is evaluated: the module file must not do that, a page's first render must.
const PAGES = ['summarize-page', 'generate-page', 'transcribe-page', 'create-your-own-page', 'app-editor-page', 'app-versions-page', 'app-run-page'];
const evaluated = (): string[] => [...((globalThis as { usecasesPagesEvaluated?: Set<string> }).usecasesPagesEvaluated ?? [])].sort();
function mockPageModule(name: string) {
  const record = ((globalThis as { usecasesPagesEvaluated?: Set<string> }).usecasesPagesEvaluated ??= new Set());
  record.add(name);
  return jest.requireActual(`../routes/${name}`);
}
jest.mock('../routes/summarize-page', () => mockPageModule('summarize-page'));
jest.mock('../routes/generate-page', () => mockPageModule('generate-page'));
jest.mock('../routes/transcribe-page', () => mockPageModule('transcribe-page'));
jest.mock('../routes/create-your-own-page', () => mockPageModule('create-your-own-page'));
jest.mock('../routes/app-editor-page', () => mockPageModule('app-editor-page'));
jest.mock('../routes/app-versions-page', () => mockPageModule('app-versions-page'));
jest.mock('../routes/app-run-page', () => mockPageModule('app-run-page'));

// Imported after the mocks are in place (jest hoists them above the imports).
import remote from '../module';

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());
beforeEach(async () => {
  await resetUseCases();
  server.resetHandlers(...handlers());
});

const LAZY = Symbol.for('react.lazy');
const isLazy = (component: ComponentType | null | undefined) =>
  typeof component === 'object' && component !== null && (component as { $$typeof?: symbol }).$$typeof === LAZY;
const all = (routes: RouteObject[]): RouteObject[] => routes.flatMap((route) => [route, ...all(route.children ?? [])]);

describe('lazy pages', () => {
  it('loading the module evaluates no page', () => {
    expect(Object.keys(remote.mounts ?? {})).not.toHaveLength(0);
    expect(evaluated()).toEqual([]);
  });

  it('every route with a page shows it through React.lazy (an element is only a redirect)', () => {
    for (const [mount, routes] of Object.entries(remote.mounts ?? {})) {
      for (const route of all(routes)) {
        const label = `${mount} ${route.index ? '(index)' : route.path}`;
        if (route.Component) expect([label, isLazy(route.Component)]).toEqual([label, true]);
        else expect([label, (route.element as { type?: { name?: string } } | undefined)?.type?.name]).toEqual([label, 'Navigate']);
      }
    }
  });

  it('opening an app evaluates its page and no other', async () => {
    const base = Object.keys(MOUNTS).find((routeBase) => MOUNTS[routeBase] === 'summarize')!;
    await renderAt(base);
    expect(await screen.findByRole('heading', { level: 1, name: 'Summarize' })).toBeInTheDocument();
    expect(evaluated()).toEqual(['summarize-page']);
  });
});

// The names checked above are every page module of routes/.
it('knows every page of the remote', () => {
  const fs = jest.requireActual<typeof import('node:fs')>('node:fs');
  const path = jest.requireActual<typeof import('node:path')>('node:path');
  const files = fs.readdirSync(path.join(__dirname, '../routes')).map((file) => file.replace(/\.tsx?$/, ''));
  expect(files.sort()).toEqual([...PAGES].sort());
});
