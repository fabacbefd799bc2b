import { useState } from 'react';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RenderLink } from '../../core/render-link';
import { LinkTabs } from '../link-tabs';
import { Tabs, type TabItem } from '../tabs';

const items: TabItem[] = [
  { id: 'personal', label: 'Personal', content: <p>Personal collections</p> },
  { id: 'company', label: 'Company', content: <p>Company collections</p> },
  { id: 'archived', label: 'Archived', content: <p>Archived</p>, disabled: true },
  { id: 'shared', label: 'Shared', content: <p>Shared collections</p> },
];

const tab = (name: string) => screen.getByRole('tab', { name });

function expectSelected(name: string) {
  for (const element of screen.getAllByRole('tab')) {
    const selected = element === tab(name);
    expect(element).toHaveAttribute('aria-selected', String(selected));
    // Roving tabindex: exactly the selected tab is in the Tab order.
    expect(element).toHaveAttribute('tabindex', selected ? '0' : '-1');
  }
}

describe('Tabs', () => {
  it('wires tabs and panels and shows the selected panel only', () => {
    render(<Tabs items={items} label="Collections" />);
    expect(screen.getByRole('tablist', { name: 'Collections' })).toBeInTheDocument();
    expectSelected('Personal');
    const panel = screen.getByRole('tabpanel', { name: 'Personal' });
    expect(tab('Personal')).toHaveAttribute('aria-controls', panel.id);
    expect(panel).toHaveTextContent('Personal collections');
    expect(screen.queryByText('Company collections')).not.toBeInTheDocument();
  });

  it('moves and selects with the arrow keys, wraps, skips disabled tabs, Home and End', async () => {
    const user = userEvent.setup();
    const onSelect = jest.fn();
    render(<Tabs items={items} label="Collections" onSelect={onSelect} />);
    await user.tab();
    expect(tab('Personal')).toHaveFocus();

    await user.keyboard('{ArrowRight}');
    expect(tab('Company')).toHaveFocus();
    expectSelected('Company');
    expect(screen.getByRole('tabpanel')).toHaveTextContent('Company collections');

    await user.keyboard('{ArrowRight}'); // Archived is disabled
    expect(tab('Shared')).toHaveFocus();
    expectSelected('Shared');

    await user.keyboard('{ArrowRight}'); // wraps to the first
    expectSelected('Personal');
    expect(tab('Personal')).toHaveFocus();

    await user.keyboard('{ArrowLeft}'); // wraps to the last
    expectSelected('Shared');
    await user.keyboard('{Home}');
    expectSelected('Personal');
    await user.keyboard('{End}');
    expectSelected('Shared');
    expect(onSelect.mock.calls.map(([id]) => id)).toEqual(['company', 'shared', 'personal', 'shared', 'personal', 'shared']);
  });

  it('Tab leaves the tab list for the panel: only one tab stop', async () => {
    const user = userEvent.setup();
    render(<Tabs items={items} label="Collections" defaultSelectedId="company" />);
    await user.tab();
    expect(tab('Company')).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('tabpanel', { name: 'Company' })).toHaveFocus();
  });

  it('in manual mode the arrows move focus only, Enter selects', async () => {
    const user = userEvent.setup();
    render(<Tabs items={items} label="Collections" activation="manual" />);
    await user.tab();
    await user.keyboard('{ArrowRight}');
    expect(tab('Company')).toHaveFocus();
    expectSelected('Personal');
    await user.keyboard('{Enter}');
    expectSelected('Company');
  });

  it('vertical tabs use Up and Down', async () => {
    const user = userEvent.setup();
    render(<Tabs items={items} label="Collections" orientation="vertical" />);
    expect(screen.getByRole('tablist')).toHaveAttribute('aria-orientation', 'vertical');
    await user.tab();
    await user.keyboard('{ArrowDown}');
    expectSelected('Company');
    await user.keyboard('{ArrowRight}'); // not this orientation's key
    expectSelected('Company');
    await user.keyboard('{ArrowUp}');
    expectSelected('Personal');
  });

  it('can be controlled', async () => {
    const user = userEvent.setup();
    function Controlled() {
      const [selected, setSelected] = useState('company');
      return (
        <>
          <Tabs items={items} label="Collections" selectedId={selected} onSelect={setSelected} />
          <output>{selected}</output>
        </>
      );
    }
    render(<Controlled />);
    expectSelected('Company');
    await user.click(tab('Shared'));
    expectSelected('Shared');
    expect(screen.getByRole('status')).toHaveTextContent('shared');
    await user.click(tab('Archived')); // disabled: nothing happens
    expectSelected('Shared');
  });
});

describe('LinkTabs', () => {
  it('renders links through renderLink with aria-current on the active route', () => {
    const renderLink: RenderLink = ({ href, className, children, 'aria-current': current }) => (
      <a href={href} className={className} aria-current={current} data-router-link="">
        {children}
      </a>
    );
    render(
      <LinkTabs
        label="Collections"
        renderLink={renderLink}
        items={[
          { id: 'personal', href: '/collections/personal', label: 'Personal' },
          { id: 'company', href: '/collections/company', label: 'Company', active: true },
        ]}
      />,
    );
    const nav = screen.getByRole('navigation', { name: 'Collections' });
    const links = screen.getAllByRole('link');
    expect(nav).toContainElement(links[0] ?? null);
    expect(screen.getByRole('link', { name: 'Company' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('link', { name: 'Personal' })).not.toHaveAttribute('aria-current');
    expect(screen.getByRole('link', { name: 'Company' })).toHaveAttribute('href', '/collections/company');
    expect(links.every((link) => link.hasAttribute('data-router-link'))).toBe(true);
  });
});
