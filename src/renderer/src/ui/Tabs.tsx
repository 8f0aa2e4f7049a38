import { type KeyboardEvent, type ReactNode, useId, useRef, useState } from 'react';
import { cx } from './class-names';
import './Tabs.css';

export interface TabItem<K extends string> {
  key: K;
  label: ReactNode;
  /** Rendered on first selection and kept (a tab loads on first open and keeps its state). */
  render: () => ReactNode;
}

export interface TabsProps<K extends string> {
  tabs: ReadonlyArray<TabItem<K>>;
  value?: K;
  defaultValue?: K;
  onChange?: (key: K) => void;
  /** Accessible name of the tab list. */
  label: string;
  className?: string;
}

/**
 * WAI-ARIA tabs: arrow keys, Home and End move between tabs; a panel is mounted the first time
 * its tab is selected and stays mounted (hidden) afterwards.
 */
export function Tabs<K extends string>({ tabs, value, defaultValue, onChange, label, className }: TabsProps<K>) {
  const [own, setOwn] = useState<K>(defaultValue ?? tabs[0]!.key);
  const selected = value ?? own;
  const [visited, setVisited] = useState<ReadonlySet<K>>(() => new Set([selected]));
  const baseId = useId();
  const buttons = useRef(new Map<K, HTMLButtonElement>());

  const select = (key: K) => {
    if (value === undefined) setOwn(key);
    setVisited((set) => (set.has(key) ? set : new Set([...set, key])));
    onChange?.(key);
  };
  if (!visited.has(selected)) setVisited(new Set([...visited, selected]));

  const onKeyDown = (event: KeyboardEvent) => {
    const index = tabs.findIndex((tab) => tab.key === selected);
    const next =
      event.key === 'ArrowRight' ? (index + 1) % tabs.length : event.key === 'ArrowLeft' ? (index - 1 + tabs.length) % tabs.length : event.key === 'Home' ? 0 : event.key === 'End' ? tabs.length - 1 : -1;
    if (next < 0) return;
    event.preventDefault();
    const key = tabs[next]!.key;
    select(key);
    buttons.current.get(key)?.focus();
  };

  return (
    <div className={cx('ui-tabs', className)}>
      {/* eslint-disable-next-line jsx-a11y/interactive-supports-focus -- roving focus: the tabs inside take focus, arrow keys move it (the tabs pattern) */}
      <div className="ui-tabs__list" role="tablist" aria-label={label} onKeyDown={onKeyDown}>
        {tabs.map((tab) => (
          <button
            key={tab.key}
            ref={(element) => {
              if (element) buttons.current.set(tab.key, element);
            }}
            type="button"
            role="tab"
            id={`${baseId}-tab-${tab.key}`}
            aria-selected={tab.key === selected}
            aria-controls={`${baseId}-panel-${tab.key}`}
            tabIndex={tab.key === selected ? 0 : -1}
            className={cx('ui-tabs__tab', tab.key === selected && 'is-selected')}
            onClick={() => select(tab.key)}
          >
            {tab.label}
          </button>
        ))}
      </div>
      {tabs.map((tab) =>
        visited.has(tab.key) ? (
          <div key={tab.key} role="tabpanel" id={`${baseId}-panel-${tab.key}`} aria-labelledby={`${baseId}-tab-${tab.key}`} hidden={tab.key !== selected} className="ui-tabs__panel">
            {tab.render()}
          </div>
        ) : null,
      )}
    </div>
  );
}
