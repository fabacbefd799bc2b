import { useState } from 'react';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ChatIcon, TranslateIcon } from '../../icons/icons';
import type { RenderLink } from '../../core/render-link';
import { AppLayout } from '../app-layout';
import { SideNavigation } from '../side-navigation';

const nav = <SideNavigation label="Main" items={[{ id: 'chat', href: '/chat', label: 'Chat', icon: <ChatIcon /> }]} />;

describe('AppLayout', () => {
  it('toggles the sidebar with a button that reports aria-expanded and controls it', async () => {
    const user = userEvent.setup();
    const onChange = jest.fn();
    render(
      <AppLayout header={<span>Assistant</span>} sidebar={nav} onSidebarOpenChange={onChange} toggleLabel="Navigation">
        <p>Content</p>
      </AppLayout>,
    );
    const toggle = screen.getByRole('button', { name: 'Navigation' });
    const sidebarId = toggle.getAttribute('aria-controls') ?? '';
    const sidebar = document.getElementById(sidebarId);
    expect(sidebar).toContainElement(screen.getByRole('navigation', { name: 'Main' }));
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(sidebar).toBeVisible();

    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(sidebar).not.toBeVisible();
    expect(screen.queryByRole('navigation')).not.toBeInTheDocument();
    expect(onChange).toHaveBeenLastCalledWith(false);

    await user.keyboard('{Enter}');
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(onChange).toHaveBeenLastCalledWith(true);
  });

  it('can be controlled (the workspace store keeps the state)', async () => {
    const user = userEvent.setup();
    function Controlled() {
      const [open, setOpen] = useState(false);
      return (
        <AppLayout sidebar={nav} sidebarOpen={open} onSidebarOpenChange={setOpen}>
          x
        </AppLayout>
      );
    }
    render(<Controlled />);
    const toggle = screen.getByRole('button', { name: 'Navigation' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
  });

  it('has banner and main landmarks and a skip link that moves focus to main', async () => {
    const user = userEvent.setup();
    render(
      <AppLayout header={<span>Assistant</span>} sidebar={nav} mainId="content" skipLinkLabel="Skip to content">
        <p>Content</p>
      </AppLayout>,
    );
    expect(screen.getByRole('banner')).toHaveTextContent('Assistant');
    const main = screen.getByRole('main');
    expect(main).toHaveAttribute('id', 'content');
    await user.tab();
    const skip = screen.getByRole('link', { name: 'Skip to content' });
    expect(skip).toHaveFocus();
    expect(skip).toHaveAttribute('href', '#content');
    await user.keyboard('{Enter}');
    expect(main).toHaveFocus();
  });

  it('shows the footer under the page, outside the sidebar', () => {
    render(
      <AppLayout sidebar={nav} footer={<a href="/privacy-policy">Privacy policy</a>} toggleLabel="Navigation">
        <p>Content</p>
      </AppLayout>,
    );
    const footer = screen.getByRole('contentinfo');
    expect(footer).toContainElement(screen.getByRole('link', { name: 'Privacy policy' }));
    const sidebar = document.getElementById(screen.getByRole('button', { name: 'Navigation' }).getAttribute('aria-controls') ?? '');
    expect(sidebar).not.toContainElement(footer);
    expect(screen.getByRole('main').compareDocumentPosition(footer) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('has no toggle without a sidebar', () => {
    render(<AppLayout>x</AppLayout>);
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });
});

describe('AppLayout on a narrow screen', () => {
  const original = window.matchMedia;
  beforeEach(() => {
    window.matchMedia = ((query: string) => ({
      matches: query === '(max-width: 48rem)',
      media: query,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
    })) as unknown as typeof window.matchMedia;
  });
  afterEach(() => {
    window.matchMedia = original;
  });

  function Phone({ onChange }: { onChange?: (open: boolean) => void }) {
    return (
      <AppLayout sidebar={nav} sidebarOpen onSidebarOpenChange={onChange} toggleLabel="Navigation">
        <button type="button">In the page</button>
      </AppLayout>
    );
  }

  it('starts closed although the remembered state is open, and opens as a drawer that takes the focus', async () => {
    const user = userEvent.setup();
    const onChange = jest.fn();
    render(<Phone onChange={onChange} />);
    const toggle = screen.getByRole('button', { name: 'Navigation' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('navigation')).not.toBeInTheDocument();

    toggle.focus();
    await user.keyboard('{Enter}');
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('link', { name: 'Chat' })).toHaveFocus();
    expect(document.querySelector('.ui-app__backdrop')).toBeInTheDocument();
    expect(screen.getByRole('main')).toHaveAttribute('inert');
    // The remembered wide-screen state is not touched.
    expect(onChange).not.toHaveBeenCalled();

    await user.keyboard('{Escape}');
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(toggle).toHaveFocus();
    expect(document.querySelector('.ui-app__backdrop')).not.toBeInTheDocument();
    expect(screen.getByRole('main')).not.toHaveAttribute('inert');
  });

  it('has the footer at the end of the drawer, not under the page, where it would take room from it', async () => {
    const user = userEvent.setup();
    render(
      <AppLayout sidebar={nav} footer={<a href="/privacy-policy">Privacy policy</a>} toggleLabel="Navigation">
        <button type="button">In the page</button>
      </AppLayout>,
    );
    expect(screen.queryByRole('contentinfo')).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Privacy policy' })).not.toBeInTheDocument();

    const toggle = screen.getByRole('button', { name: 'Navigation' });
    await user.click(toggle);
    const footer = screen.getByRole('contentinfo');
    const sidebar = document.getElementById(toggle.getAttribute('aria-controls') ?? '');
    expect(sidebar).toContainElement(footer);
    expect(sidebar?.lastElementChild).toBe(footer);
    expect(footer).not.toHaveAttribute('inert');
    expect(screen.getByRole('main')).toHaveAttribute('inert');
    expect(footer).toContainElement(screen.getByRole('link', { name: 'Privacy policy' }));
  });

  it('keeps the footer under the page when there is no drawer', () => {
    render(<AppLayout footer={<a href="/privacy-policy">Privacy policy</a>}>x</AppLayout>);
    expect(screen.getByRole('contentinfo')).toContainElement(screen.getByRole('link', { name: 'Privacy policy' }));
  });

  it('closes when the backdrop is clicked or a link is followed', async () => {
    const user = userEvent.setup();
    render(<Phone />);
    const toggle = screen.getByRole('button', { name: 'Navigation' });
    await user.click(toggle);
    await user.click(document.querySelector('.ui-app__backdrop')!);
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(toggle).toHaveFocus();

    await user.click(toggle);
    // jsdom cannot navigate; the router would take the click anyway.
    const link = screen.getByRole('link', { name: 'Chat' });
    link.addEventListener('click', (event) => event.preventDefault());
    await user.click(link);
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
  });

  it('holds a page\'s panel between the navigation and its end, and closes when a button in it navigates', async () => {
    const user = userEvent.setup();
    function WithPanel() {
      // The router's location key: a button in the panel that navigates changes it.
      const [navigationKey, setNavigationKey] = useState('first');
      return (
        <AppLayout
          sidebar={nav}
          sidebarPanel={
            <aside aria-label="Conversations">
              <button type="button" onClick={() => setNavigationKey('second')}>
                New conversation
              </button>
            </aside>
          }
          sidebarEnd={<SideNavigation label="More" items={[{ id: 'help', href: '/help', label: 'Help' }]} />}
          navigationKey={navigationKey}
          toggleLabel="Navigation"
        >
          <button type="button">In the page</button>
        </AppLayout>
      );
    }
    render(<WithPanel />);
    const toggle = screen.getByRole('button', { name: 'Navigation' });
    await user.click(toggle);
    const sidebar = document.getElementById(toggle.getAttribute('aria-controls') ?? '')!;
    const order = [screen.getByRole('navigation', { name: 'Main' }), screen.getByRole('complementary', { name: 'Conversations' }), screen.getByRole('navigation', { name: 'More' })];
    expect(order.every((element) => sidebar.contains(element))).toBe(true);
    expect(order[0]!.compareDocumentPosition(order[1]!) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(order[1]!.compareDocumentPosition(order[2]!) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'New conversation' }));
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(screen.getByRole('main')).not.toHaveAttribute('inert');
  });
});

describe('SideNavigation', () => {
  it('renders plain links with aria-current on the active one', () => {
    render(
      <SideNavigation
        label="Main"
        items={[
          { id: 'chat', href: '/chat', label: 'Chat', icon: <ChatIcon /> },
          { id: 'translate', href: '/translate', label: 'Translate', icon: <TranslateIcon />, active: true },
        ]}
      />,
    );
    expect(screen.getByRole('link', { name: 'Translate' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('link', { name: 'Chat' })).not.toHaveAttribute('aria-current');
    expect(screen.getAllByRole('listitem')).toHaveLength(2);
  });

  it('lets the host render the links (a router NavLink decides what is active)', async () => {
    const user = userEvent.setup();
    const navigate = jest.fn();
    // Stands in for react-router's NavLink: it computes aria-current from the location itself.
    const location = '/chat';
    const renderLink: RenderLink = ({ href, className, children }) => (
      <a
        href={href}
        className={className}
        aria-current={href === location ? 'page' : undefined}
        onClick={(event) => {
          event.preventDefault();
          navigate(href);
        }}
      >
        {children}
      </a>
    );
    render(
      <SideNavigation
        label="Main"
        renderLink={renderLink}
        items={[
          { id: 'chat', href: '/chat', label: 'Chat' },
          { id: 'translate', href: '/translate', label: 'Translate' },
        ]}
      />,
    );
    expect(screen.getByRole('link', { name: 'Chat' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('link', { name: 'Chat' })).toHaveClass('ui-side-nav__link');
    await user.click(screen.getByRole('link', { name: 'Translate' }));
    expect(navigate).toHaveBeenCalledWith('/translate');
  });
});
