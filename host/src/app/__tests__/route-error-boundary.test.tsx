import { MemoryRouter, Route, Routes } from '@assistant/routing';
import { act, render, screen } from '@testing-library/react';
import { RouteErrorBoundary } from '../route-error-boundary';
import { createTestNavigator } from './test-navigator';

function Broken(): never {
  throw new Error('render failed');
}

describe('RouteErrorBoundary', () => {
  it('shows the failure screen for a page that throws, and renders again after the next navigation', () => {
    const error = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const { router, Navigator } = createTestNavigator();
    render(
      <MemoryRouter initialEntries={['/broken']}>
        <Navigator />
        <RouteErrorBoundary>
          <Routes>
            <Route path="/broken" element={<Broken />} />
            <Route path="/fine" element={<p>fine</p>} />
          </Routes>
        </RouteErrorBoundary>
      </MemoryRouter>,
    );
    expect(screen.getByRole('heading', { level: 2 })).toBeInTheDocument();
    expect(screen.queryByText('fine')).not.toBeInTheDocument();
    act(() => router.go('/fine'));
    expect(screen.getByText('fine')).toBeInTheDocument();
    error.mockRestore();
  });
});
