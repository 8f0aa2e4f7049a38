import type { ReactNode } from 'react';

export interface InfoItem {
  label: string;
  value: ReactNode;
  testId?: string;
}

/** Label–value pairs of a card, as a description list (two columns wide, stacked on a phone). */
export function InfoList({ items }: { items: InfoItem[] }) {
  return (
    <dl className="account-info">
      {items.map((item) => (
        <div key={item.label} className="account-info__row" data-testid={item.testId}>
          <dt>{item.label}</dt>
          <dd>{item.value}</dd>
        </div>
      ))}
    </dl>
  );
}
