import { type ReactNode, useId } from 'react';
import { cx } from './class-names';
import { IconChevronDown } from './icons';
import { useControllableState } from './use-controllable-state';
import './Accordion.css';

export interface AccordionProps {
  title: ReactNode;
  children: ReactNode;
  /** Controlled open state; leave undefined to let the accordion keep its own. */
  open?: boolean;
  defaultOpen?: boolean;
  onOpenChange?: (open: boolean) => void;
  /** Short text at the right of the header, e.g. a count. */
  summary?: ReactNode;
  headingLevel?: 2 | 3 | 4 | 5 | 6;
  disabled?: boolean;
  className?: string;
}

/**
 * A collapsible section (WAI-ARIA accordion): a heading holding a button with aria-expanded.
 * Closed content stays mounted but inert, so inputs keep what was typed.
 */
export function Accordion({
  title,
  children,
  open,
  defaultOpen = false,
  onOpenChange,
  summary,
  headingLevel = 3,
  disabled,
  className,
}: AccordionProps) {
  const [isOpen, setOpen] = useControllableState(open, defaultOpen, onOpenChange);
  const id = useId();
  const buttonId = `${id}-button`;
  const panelId = `${id}-panel`;
  const Heading = `h${headingLevel}` as const;
  return (
    <div className={cx('ui-accordion', isOpen && 'is-open', className)}>
      <Heading className="ui-accordion__heading">
        <button
          type="button"
          id={buttonId}
          className="ui-accordion__trigger"
          aria-expanded={isOpen}
          aria-controls={panelId}
          disabled={disabled}
          onClick={() => setOpen(!isOpen)}
        >
          <span className="ui-accordion__title">{title}</span>
          {summary !== undefined && <span className="ui-accordion__summary">{summary}</span>}
          <IconChevronDown className="ui-accordion__chevron" />
        </button>
      </Heading>
      <div id={panelId} role="region" aria-labelledby={buttonId} className="ui-accordion__panel" inert={!isOpen}>
        <div className="ui-accordion__clip">
          <div className="ui-accordion__content">{children}</div>
        </div>
      </div>
    </div>
  );
}
