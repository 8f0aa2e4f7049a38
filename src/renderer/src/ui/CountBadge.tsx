import './CountBadge.css';

export interface CountBadgeProps {
  count: number;
  /** What the number counts, read by screen readers instead of the bare number. */
  label: string;
}

/** A small count next to a navigation link (works waiting for a check); nothing when zero. */
export function CountBadge({ count, label }: CountBadgeProps) {
  if (count <= 0) return null;
  return (
    <span className="ui-count-badge" aria-label={label} title={label} data-testid="count-badge">
      {count > 99 ? '99+' : count}
    </span>
  );
}
