import { ru } from '../i18n/ru';
import { cx } from './class-names';
import { Spinner } from './Spinner';
import './Loader.css';

export interface LoaderProps {
  /** What is loading; always announced, shown unless `hideLabel`. */
  label?: string;
  hideLabel?: boolean;
  size?: 'sm' | 'md' | 'lg';
  /** In a line of text instead of a centred block. */
  inline?: boolean;
  className?: string;
}

const SIZES = { sm: 16, md: 28, lg: 40 } as const;

/** A loading indicator announced politely to screen readers. */
export function Loader({ label = ru.common.loading, hideLabel, size = 'md', inline, className }: LoaderProps) {
  return (
    <div className={cx('ui-loader', inline && 'ui-loader--inline', className)} role="status">
      <Spinner size={SIZES[size]} className="ui-loader__spinner" />
      <span className={hideLabel ? 'visually-hidden' : 'ui-loader__label'}>{label}</span>
    </div>
  );
}
