import { useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { cx } from '../internal/cx';

export interface TabItem {
  id: string;
  label: ReactNode;
  content: ReactNode;
  icon?: ReactNode;
  disabled?: boolean;
}

export interface TabsProps {
  items: readonly TabItem[];
  /** Accessible name of the tab list (or `labelledBy`). */
  label?: string;
  labelledBy?: string;
  /** Controlled selection. */
  selectedId?: string;
  defaultSelectedId?: string;
  onSelect?: (id: string) => void;
  /** `automatic`: arrow keys select at once; `manual`: arrows move focus, Enter/Space (a button's click) select. */
  activation?: 'automatic' | 'manual';
  orientation?: 'horizontal' | 'vertical';
  /** Keep the content of hidden panels mounted (default: only the selected panel's content). */
  keepMounted?: boolean;
  className?: string;
}

/**
 * In-page tabs after the WAI-ARIA tabs pattern: one tab stop (roving tabindex on the selected
 * tab), arrow keys move between tabs and wrap, Home/End jump, disabled tabs are skipped.
 * For tabs that are routes, use LinkTabs.
 */
export function Tabs({
  items,
  label,
  labelledBy,
  selectedId,
  defaultSelectedId,
  onSelect,
  activation = 'automatic',
  orientation = 'horizontal',
  keepMounted = false,
  className,
}: TabsProps) {
  const baseId = useId();
  const firstEnabled = items.find((item) => !item.disabled)?.id;
  const [uncontrolled, setUncontrolled] = useState(defaultSelectedId ?? firstEnabled);
  const selected = selectedId ?? uncontrolled;
  const tabRefs = useRef<Array<HTMLButtonElement | null>>([]);
  const tabId = (index: number) => `ui-tabs${baseId}-tab-${index}`;
  const panelId = (index: number) => `ui-tabs${baseId}-panel-${index}`;

  // A selection that names no enabled tab falls back to the first enabled one: there is always a tab stop.
  let selectedIndex = items.findIndex((item) => item.id === selected && !item.disabled);
  if (selectedIndex < 0) selectedIndex = items.findIndex((item) => !item.disabled);

  const select = (index: number) => {
    const item = items[index];
    if (!item || item.disabled) return;
    if (selectedId === undefined) setUncontrolled(item.id);
    if (item.id !== selected) onSelect?.(item.id);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const current = tabRefs.current.findIndex((tab) => tab === event.target);
    if (current < 0) return;
    const [prevKey, nextKey] = orientation === 'vertical' ? ['ArrowUp', 'ArrowDown'] : ['ArrowLeft', 'ArrowRight'];
    const enabled = items.map((item, index) => (item.disabled ? -1 : index)).filter((index) => index >= 0);
    if (enabled.length === 0) return;
    const position = enabled.indexOf(current);
    let target: number | undefined;
    switch (event.key) {
      case nextKey:
        target = enabled[(position + 1) % enabled.length];
        break;
      case prevKey:
        target = enabled[(position - 1 + enabled.length) % enabled.length];
        break;
      case 'Home':
        target = enabled[0];
        break;
      case 'End':
        target = enabled[enabled.length - 1];
        break;
      default:
        return;
    }
    if (target === undefined) return;
    event.preventDefault();
    tabRefs.current[target]?.focus();
    if (activation === 'automatic') select(target);
  };

  return (
    <div className={cx('ui-tabs', `ui-tabs--${orientation}`, className)}>
      <div
        role="tablist"
        aria-label={label}
        aria-labelledby={labelledBy}
        aria-orientation={orientation}
        className="ui-tabs__list"
        onKeyDown={onKeyDown}
      >
        {items.map((item, index) => {
          const isSelected = index === selectedIndex;
          return (
            <button
              key={item.id}
              ref={(element) => {
                tabRefs.current[index] = element;
              }}
              type="button"
              role="tab"
              id={tabId(index)}
              aria-selected={isSelected}
              aria-controls={panelId(index)}
              aria-disabled={item.disabled || undefined}
              tabIndex={isSelected ? 0 : -1}
              className="ui-tabs__tab"
              onClick={() => select(index)}
            >
              {item.icon && <span className="ui-tabs__icon">{item.icon}</span>}
              {item.label}
            </button>
          );
        })}
      </div>
      {items.map((item, index) => {
        const isSelected = index === selectedIndex;
        return (
          <div
            key={item.id}
            role="tabpanel"
            id={panelId(index)}
            aria-labelledby={tabId(index)}
            tabIndex={0}
            hidden={!isSelected}
            className="ui-tabs__panel"
          >
            {(isSelected || keepMounted) && item.content}
          </div>
        );
      })}
    </div>
  );
}
