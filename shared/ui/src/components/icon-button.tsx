import type { ComponentPropsWithRef, MouseEvent, ReactNode } from 'react';
import { cx } from '../internal/cx';
import { Spinner } from './spinner';

export interface IconButtonProps extends Omit<ComponentPropsWithRef<'button'>, 'children' | 'aria-label'> {
  /** The button's accessible name; required because the button shows no text. */
  'aria-label': string;
  icon: ReactNode;
  variant?: 'primary' | 'secondary' | 'ghost' | 'danger';
  size?: 'sm' | 'md' | 'lg';
  loading?: boolean;
  /** Show the name as a tooltip (title); default true. */
  tooltip?: boolean;
}

export function IconButton({
  icon,
  variant = 'ghost',
  size = 'md',
  loading = false,
  tooltip = true,
  type = 'button',
  className,
  onClick,
  title,
  ...rest
}: IconButtonProps) {
  const handleClick = (event: MouseEvent<HTMLButtonElement>) => {
    if (loading) {
      event.preventDefault();
      return;
    }
    onClick?.(event);
  };
  return (
    <button
      type={type}
      className={cx('ui-icon-button', `ui-button--${variant}`, `ui-icon-button--${size}`, className)}
      title={title ?? (tooltip ? rest['aria-label'] : undefined)}
      aria-busy={loading || undefined}
      aria-disabled={loading || undefined}
      onClick={handleClick}
      {...rest}
    >
      {loading ? <Spinner size="sm" /> : icon}
    </button>
  );
}
