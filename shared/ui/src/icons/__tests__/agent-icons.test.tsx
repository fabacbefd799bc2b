import { AGENT_ICONS } from '@assistant/contracts';
import { render } from '@testing-library/react';
import { AgentIcon } from '../agent-icons';

describe('AgentIcon', () => {
  it('draws every icon of the contract, decorative, in the set’s frame', () => {
    for (const name of AGENT_ICONS) {
      const { container, unmount } = render(<AgentIcon name={name} />);
      const svg = container.querySelector('svg');
      expect(svg).toHaveAttribute('aria-hidden', 'true');
      expect(svg).toHaveAttribute('viewBox', '0 0 24 24');
      expect(svg).toHaveAttribute('width', '1.5em');
      expect(svg?.children.length).toBeGreaterThan(0);
      unmount();
    }
  });

  it('takes a size and a class of its own', () => {
    const { container } = render(<AgentIcon name="bot" size="2rem" className="agent-list__icon" />);
    expect(container.querySelector('svg')).toHaveAttribute('height', '2rem');
    expect(container.querySelector('svg')).toHaveClass('ui-icon', 'agent-list__icon');
  });
});
