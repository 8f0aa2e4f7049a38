import type { ButtonHTMLAttributes, MouseEvent, ReactNode } from 'react';
import { cx } from './class-names';
import { Spinner } from './Spinner';
import './Button.css';

export type ButtonVariant = 'primary' | 'secondary' | 'ghost' | 'danger';

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: ButtonVariant;
  size?: 'md' | 'sm';
  /** Full width (stacked actions on a phone). */
  block?: boolean;
  /** Shows a spinner and ignores clicks while keeping focus on the button. */
  loading?: boolean;
  icon?: ReactNode;
}

/** The button look for elements that are not buttons (a link that acts as the main action). */
export function buttonClassName(variant: ButtonVariant = 'primary', options: { size?: 'md' | 'sm'; block?: boolean } = {}): string {
  return cx('ui-button', `ui-button--${variant}`, options.size === 'sm' && 'ui-button--sm', options.block && 'ui-button--block');
}

/** The one button of the app; `type` defaults to 'button' so nothing submits by accident. */
export function Button({
  variant = 'primary',
  size = 'md',
  block,
  loading,
  icon,
  className,
  children,
  type = 'button',
  onClick,
  ...rest
}: ButtonProps) {
  const handleClick = (event: MouseEvent<HTMLButtonElement>) => {
    if (loading) return event.preventDefault();
    onClick?.(event);
  };
  return (
    <button
      type={type}
      className={cx(buttonClassName(variant, { size, block }), className)}
      aria-busy={loading || undefined}
      aria-disabled={loading || rest['aria-disabled'] || undefined}
      onClick={handleClick}
      {...rest}
    >
      {loading ? <Spinner size={size === 'sm' ? 14 : 16} /> : icon}
      {children}
    </button>
  );
}
