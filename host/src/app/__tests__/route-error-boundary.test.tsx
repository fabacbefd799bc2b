import { MemoryRouter, Route, Routes, useNavigate } from '@assistant/routing';
import { act, render, screen } from '@testing-library/react';
import { useEffect } from 'react';
import { RouteErrorBoundary } from '../route-error-boundary';

function Broken(): never {
  throw new Error('render failed');
}

describe('RouteErrorBoundary', () => {
  it('shows the failure screen for a page that throws, and renders again after the next navigation', () => {
    const error = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const router = { go: (_to: string): void => undefined };
    function Navigator() {
      const navigate = useNavigate();
      useEffect(() => {
        router.go = (to) => void navigate(to);
      }, [navigate]);
      return null;
    }
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
