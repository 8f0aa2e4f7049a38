import { type HTMLAttributes, type ReactNode, useId } from 'react';
import { cx } from './class-names';
import './Card.css';

export interface CardProps extends Omit<HTMLAttributes<HTMLElement>, 'title'> {
  title?: ReactNode;
  /** Buttons or links at the right of the header (wrap under the title on a phone). */
  actions?: ReactNode;
  children?: ReactNode;
  /** Heading level of the title; 2 by default (cards sit under the page's h1). */
  headingLevel?: 2 | 3 | 4;
  as?: 'section' | 'article' | 'div';
}

/** A surface block with an optional titled header. A titled card is a labelled region. */
export function Card({ title, actions, children, headingLevel = 2, as: Tag = 'section', className, ...rest }: CardProps) {
  const titleId = useId();
  const Heading = `h${headingLevel}` as const;
  const hasHeader = title !== undefined || actions !== undefined;
  return (
    <Tag className={cx('ui-card', className)} aria-labelledby={title !== undefined && Tag !== 'div' ? titleId : undefined} {...rest}>
      {hasHeader && (
        <div className="ui-card__header">
          {title !== undefined && (
            <Heading id={titleId} className="ui-card__title">
              {title}
            </Heading>
          )}
          {actions !== undefined && <div className="ui-card__actions">{actions}</div>}
        </div>
      )}
      {children !== undefined && <div className="ui-card__body">{children}</div>}
    </Tag>
  );
}
