import { useNavigate } from '@assistant/routing';
import { useEffect } from 'react';

/**
 * Navigates a MemoryRouter from a test: render `<Navigator />` inside the router, then call
 * `router.go(path)` (inside `act`), as a link or the address bar would.
 */
export function createTestNavigator() {
  const router = { go: (_to: string): void => undefined };
  function Navigator() {
    const navigate = useNavigate();
    useEffect(() => {
      router.go = (to) => void navigate(to);
    }, [navigate]);
    return null;
  }
  return { router, Navigator };
}
