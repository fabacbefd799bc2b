import { AGENT_ICONS } from '@assistant/contracts';
import { render, waitFor } from '@testing-library/react';
import { AgentIcon } from '../agent-icon';

describe('AgentIcon', () => {
  it('draws every icon of the contract, decorative, in the set’s frame', async () => {
    for (const name of AGENT_ICONS) {
      const { container, unmount } = render(<AgentIcon name={name} />);
      // The shapes load on first use; meanwhile an empty frame of the same size holds the place.
      await waitFor(() => expect(container.querySelector('svg')?.children.length).toBeGreaterThan(0));
      const svg = container.querySelector('svg');
      expect(svg).toHaveAttribute('aria-hidden', 'true');
      expect(svg).toHaveAttribute('viewBox', '0 0 24 24');
      expect(svg).toHaveAttribute('width', '1.5em');
      unmount();
    }
  });

  it('takes a size and a class of its own, the placeholder too', async () => {
    const { container } = render(<AgentIcon name="bot" size="2rem" className="agent-list__icon" />);
    expect(container.querySelector('svg')).toHaveAttribute('height', '2rem');
    expect(container.querySelector('svg')).toHaveClass('ui-icon', 'agent-list__icon');
    await waitFor(() => expect(container.querySelector('svg')?.children.length).toBeGreaterThan(0));
    expect(container.querySelector('svg')).toHaveAttribute('height', '2rem');
    expect(container.querySelector('svg')).toHaveClass('ui-icon', 'agent-list__icon');
  });
});
