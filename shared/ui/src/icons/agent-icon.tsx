import type { AgentIcon as AgentIconName } from '@assistant/contracts';
import { lazy, Suspense } from 'react';
import { cx } from '../internal/cx';

// The sixteen shapes are a chunk of their own: the shell's start-up never shows an agent.
const AgentIconShape = lazy(() => import(/* webpackChunkName: "agent-icons" */ './agent-icon-shapes'));

export interface AgentIconProps {
  name: AgentIconName;
  /** Width and height; default 1.5em. */
  size?: string;
  className?: string;
}

/** An agent's icon, decorative (the agent's name is always written beside it). Until its shapes are loaded, an empty frame of its size. */
export function AgentIcon({ name, size = '1.5em', className }: AgentIconProps) {
  return (
    <Suspense fallback={<svg viewBox="0 0 24 24" width={size} height={size} focusable="false" aria-hidden="true" className={cx('ui-icon', className)} />}>
      <AgentIconShape name={name} size={size} className={className} />
    </Suspense>
  );
}
