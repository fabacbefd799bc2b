import { useId, type ComponentPropsWithRef, type ReactNode } from 'react';
import { cx } from '../internal/cx';

export interface CardProps extends Omit<ComponentPropsWithRef<'div'>, 'title'> {
  /** Optional heading; with it the card becomes a labelled <section>. */
  title?: ReactNode;
  headingLevel?: 2 | 3 | 4;
  /** Below the content, e.g. buttons. */
  footer?: ReactNode;
  /** Remove the inner padding (media, lists that run edge to edge). */
  flush?: boolean;
}

/** A surface that groups related content. */
export function Card({ title, headingLevel = 2, footer, flush = false, className, children, ...rest }: CardProps) {
  const titleId = `ui-card${useId()}`;
  const Heading = `h${headingLevel}` as const;
  const Root = title ? 'section' : 'div';
  return (
    <Root
      className={cx('ui-card', flush && 'ui-card--flush', className)}
      aria-labelledby={title ? titleId : undefined}
      {...rest}
    >
      {title && (
        <Heading id={titleId} className="ui-card__title">
          {title}
        </Heading>
      )}
      <div className="ui-card__body">{children}</div>
      {footer && <div className="ui-card__footer">{footer}</div>}
    </Root>
  );
}
