import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { BrowserRouter, Link, MemoryRouter, Route, Routes, useLocation, useNavigate } from 'react-router';
import { useLeaveBlocker } from '../use-leave-blocker';

function Editor() {
  const [dirty, setDirty] = useState(true);
  const blocker = useLeaveBlocker(dirty);
  const navigate = useNavigate();
  return (
    <>
      <p>editor {blocker.state}</p>
      <Link to="/elsewhere">away</Link>
      <button type="button" onClick={() => void navigate('?tab=2')}>tab</button>
      <button type="button" onClick={() => setDirty(false)}>saved</button>
      <button type="button" onClick={blocker.proceed}>leave</button>
      <button type="button" onClick={blocker.reset}>stay</button>
    </>
  );
}

function Where() {
  const location = useLocation();
  return <output>{location.pathname + location.search}</output>;
}

const routes = (
  <>
    <Routes>
      <Route path="/form" element={<Editor />} />
      <Route
        path="/elsewhere"
        element={
          <p>
            elsewhere <Link to="/form">edit</Link>
          </p>
        }
      />
    </Routes>
    <Where />
  </>
);

describe('useLeaveBlocker', () => {
  it('holds a link to another page until the user leaves, and stays on reset', () => {
    render(<MemoryRouter initialEntries={['/form']}>{routes}</MemoryRouter>);
    fireEvent.click(screen.getByRole('link', { name: 'away' }));
    expect(screen.getByText('editor blocked')).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('/form');

    fireEvent.click(screen.getByRole('button', { name: 'stay' }));
    expect(screen.getByText('editor unblocked')).toBeInTheDocument();

    fireEvent.click(screen.getByRole('link', { name: 'away' }));
    fireEvent.click(screen.getByRole('button', { name: 'leave' }));
    expect(screen.getByText(/^elsewhere/)).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('/elsewhere');
  });

  it('lets a change of the search through, and everything once nothing is unsaved', () => {
    render(<MemoryRouter initialEntries={['/form']}>{routes}</MemoryRouter>);
    fireEvent.click(screen.getByRole('button', { name: 'tab' }));
    expect(screen.getByRole('status')).toHaveTextContent('/form?tab=2');
    expect(screen.getByText('editor unblocked')).toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: 'saved' }));
    fireEvent.click(screen.getByRole('link', { name: 'away' }));
    expect(screen.getByText(/^elsewhere/)).toBeInTheDocument();
  });

  it('asks the browser before the tab is closed, only while something is unsaved', () => {
    render(<MemoryRouter initialEntries={['/form']}>{routes}</MemoryRouter>);
    const unload = () => {
      const event = new Event('beforeunload', { cancelable: true });
      window.dispatchEvent(event);
      return event.defaultPrevented;
    };
    expect(unload()).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'saved' }));
    expect(unload()).toBe(false);
  });

  it('undoes the browser’s back step until the user leaves', async () => {
    window.history.replaceState(null, '', '/elsewhere');
    render(<BrowserRouter>{routes}</BrowserRouter>);
    fireEvent.click(screen.getByRole('link', { name: 'edit' }));
    await screen.findByText('editor unblocked');

    act(() => window.history.back());
    await screen.findByText('editor blocked');
    await waitFor(() => expect(window.location.pathname).toBe('/form'));
    expect(screen.getByRole('status')).toHaveTextContent('/form');

    fireEvent.click(screen.getByRole('button', { name: 'leave' }));
    await screen.findByText(/^elsewhere/);
    expect(window.location.pathname).toBe('/elsewhere');
  });

  it('lets the browser’s back step within the page through', async () => {
    window.history.replaceState(null, '', '/form');
    render(<BrowserRouter>{routes}</BrowserRouter>);
    fireEvent.click(screen.getByRole('button', { name: 'tab' }));
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('/form?tab=2'));
    act(() => window.history.back());
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent(/^\/form$/));
    expect(screen.getByText('editor unblocked')).toBeInTheDocument();
  });
});
