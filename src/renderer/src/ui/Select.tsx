import { type CSSProperties, type KeyboardEvent, type ReactNode, useEffect, useId, useLayoutEffect, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { ru } from '../i18n/ru';
import { cx } from './class-names';
import { IconCheck, IconChevronDown } from './icons';
import { createTypeaheadBuffer, findTypeaheadMatch } from './typeahead';
import { useControllableState } from './use-controllable-state';
import './field.css';
import './Select.css';

export interface SelectOption<T extends string | number = string> {
  value: T;
  label: string;
  disabled?: boolean;
}

export interface SelectProps<T extends string | number = string> {
  options: readonly SelectOption<T>[];
  /** Controlled value; a value matching no option (null, '') shows the placeholder. */
  value?: T | null;
  defaultValue?: T | null;
  onChange?: (value: T) => void;
  placeholder?: string;
  disabled?: boolean;
  /** Visible label above the field. Without it pass aria-label or aria-labelledby. */
  label?: ReactNode;
  'aria-label'?: string;
  'aria-labelledby'?: string;
  invalid?: boolean;
  /** Submits the value with a form through a hidden input. */
  name?: string;
  id?: string;
  className?: string;
}

/** Lists longer than this scroll within SCROLL_HEIGHT (spec shell §9: over 5 options, 250 px). */
const SCROLL_AFTER = 5;
const SCROLL_HEIGHT = 250;
const PAGE_STEP = 10;

/**
 * A select-only combobox (WAI-ARIA APG): focus stays on the field, the active option is
 * announced through aria-activedescendant. Keys: arrows, Home/End, PageUp/PageDown, Enter,
 * Space, Escape, Tab, and type-ahead.
 */
export function Select<T extends string | number = string>({
  options,
  value,
  defaultValue = null,
  onChange,
  placeholder = ru.select.placeholder,
  disabled,
  label,
  'aria-label': ariaLabel,
  'aria-labelledby': ariaLabelledBy,
  invalid,
  name,
  id,
  className,
}: SelectProps<T>) {
  const [current, setCurrent] = useControllableState<T | null>(value, defaultValue, (next) => {
    if (next !== null) onChange?.(next);
  });
  const autoId = useId();
  const fieldId = id ?? autoId;
  const labelId = `${fieldId}-label`;
  const listId = `${fieldId}-list`;
  const optionId = (index: number) => `${fieldId}-opt-${index}`;

  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const [placement, setPlacement] = useState<CSSProperties>({});
  const [externalLabelId, setExternalLabelId] = useState<string | undefined>(undefined);
  const fieldRef = useRef<HTMLDivElement>(null);
  const listRef = useRef<HTMLUListElement>(null);
  const typeahead = useRef(createTypeaheadBuffer()).current;

  const selectedIndex = options.findIndex((option) => option.value === current);
  const selected = selectedIndex >= 0 ? options[selectedIndex] : undefined;
  const enabled = (index: number) => !options[index]?.disabled;

  const openList = (activeIndex = selectedIndex) => {
    if (disabled) return;
    setActive(activeIndex >= 0 ? activeIndex : nextEnabled(-1, 1));
    setOpen(true);
  };
  const closeList = () => {
    setOpen(false);
    typeahead.reset();
  };
  const choose = (index: number) => {
    const option = options[index];
    if (option && !option.disabled) setCurrent(option.value);
    closeList();
  };

  /** The nearest enabled option from `from` in `step` direction, staying put at the ends. */
  function nextEnabled(from: number, step: number): number {
    for (let index = from + step; index >= 0 && index < options.length; index += step) {
      if (enabled(index)) return index;
    }
    return from;
  }
  const lastEnabled = () => nextEnabled(options.length, -1);

  // A <label htmlFor={id}> elsewhere cannot label a div: adopt it by id, and let it focus the field.
  useLayoutEffect(() => {
    if (label !== undefined || ariaLabelledBy !== undefined) return;
    const external = document.querySelector<HTMLLabelElement>(`label[for="${CSS.escape(fieldId)}"]`);
    if (!external) return;
    if (!external.id) external.id = `${fieldId}-external-label`;
    setExternalLabelId(external.id);
    const focusField = () => fieldRef.current?.focus();
    external.addEventListener('click', focusField);
    return () => external.removeEventListener('click', focusField);
  }, [fieldId, label, ariaLabelledBy]);

  // The list lives in <body> with fixed coordinates, so a popup's scrolling body cannot clip it.
  // It opens upwards when there is more room above, and follows the field on scroll and resize.
  useLayoutEffect(() => {
    if (!open) return;
    let last = '';
    const place = (event?: Event) => {
      const field = fieldRef.current?.getBoundingClientRect();
      const list = listRef.current;
      // Scrolling the list itself moves nothing.
      if (!field || !list || event?.target === list) return;
      const gap = 4;
      const margin = 8;
      const below = window.innerHeight - field.bottom - gap - margin;
      const above = field.top - gap - margin;
      const full = list.scrollHeight + 2; // + borders
      const wanted = options.length > SCROLL_AFTER ? Math.min(full, SCROLL_HEIGHT) : full;
      const up = below < wanted && above > below;
      const next: CSSProperties = {
        left: field.left,
        width: field.width,
        maxHeight: Math.max(Math.min(wanted, up ? above : below), 120),
        ...(up ? { bottom: window.innerHeight - field.top + gap } : { top: field.bottom + gap }),
      };
      const key = JSON.stringify(next);
      if (key !== last) {
        last = key;
        setPlacement(next);
      }
    };
    place();
    window.addEventListener('resize', place);
    window.addEventListener('scroll', place, true);
    return () => {
      window.removeEventListener('resize', place);
      window.removeEventListener('scroll', place, true);
    };
  }, [open, options.length]);

  // Keep the active option in view by scrolling the list only, never the page behind it.
  useEffect(() => {
    const list = listRef.current;
    const option = open && active >= 0 ? list?.children[active] : undefined;
    if (!list || !(option instanceof HTMLElement)) return;
    if (option.offsetTop < list.scrollTop) list.scrollTop = option.offsetTop - 4;
    else if (option.offsetTop + option.offsetHeight > list.scrollTop + list.clientHeight) {
      list.scrollTop = option.offsetTop + option.offsetHeight - list.clientHeight + 4;
    }
  }, [open, active, placement]);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (disabled) return;
    const { key } = event;
    const handled = () => event.preventDefault();

    if (!open) {
      if (key === 'ArrowDown' || key === 'ArrowUp' || key === 'Enter' || key === ' ') {
        handled();
        openList();
      } else if (key === 'Home') {
        handled();
        openList(nextEnabled(-1, 1));
      } else if (key === 'End') {
        handled();
        openList(lastEnabled());
      } else if (isPrintable(event)) {
        handled();
        const match = findTypeaheadMatch(labels(options), typeahead.push(key, event.timeStamp), selectedIndex, (i) => !enabled(i));
        openList(match >= 0 ? match : selectedIndex);
      }
      return;
    }

    switch (key) {
      case 'ArrowDown':
        handled();
        if (event.altKey) return;
        setActive(nextEnabled(active, 1));
        return;
      case 'ArrowUp':
        handled();
        if (event.altKey) return choose(active);
        setActive(nextEnabled(active, -1));
        return;
      case 'Home':
        handled();
        setActive(nextEnabled(-1, 1));
        return;
      case 'End':
        handled();
        setActive(lastEnabled());
        return;
      case 'PageDown':
        handled();
        setActive(pageTarget(active, PAGE_STEP));
        return;
      case 'PageUp':
        handled();
        setActive(pageTarget(active, -PAGE_STEP));
        return;
      case 'Enter':
        handled();
        choose(active);
        return;
      case 'Escape':
        // preventDefault also tells an enclosing Popup that this Escape is used up.
        handled();
        closeList();
        return;
      case 'Tab':
        choose(active);
        return;
      case ' ':
        handled();
        // A space in the middle of typing is part of the text ('Нижний Новгород').
        if (typeahead.isTyping(event.timeStamp)) moveTypeahead(' ', event.timeStamp);
        else choose(active);
        return;
      default:
        if (isPrintable(event)) {
          handled();
          moveTypeahead(key, event.timeStamp);
        }
    }
  };

  function moveTypeahead(char: string, now: number) {
    const match = findTypeaheadMatch(labels(options), typeahead.push(char, now), active, (i) => !enabled(i));
    if (match >= 0) setActive(match);
  }

  function pageTarget(from: number, step: number): number {
    let target = Math.min(Math.max(from + step, 0), options.length - 1);
    if (!enabled(target)) target = nextEnabled(target, step > 0 ? -1 : 1);
    return target;
  }

  return (
    <div className={cx('ui-select', open && 'is-open', className)}>
      {label !== undefined && (
        // eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-static-element-interactions -- a label's click focuses its field, as <label> does for native ones; the field itself is in the tab order
        <span id={labelId} className="ui-field__label" onClick={() => fieldRef.current?.focus()}>
          {label}
        </span>
      )}
      <div className="ui-select__anchor">
        <div
          ref={fieldRef}
          id={fieldId}
          className={cx('ui-select__field', !selected && 'is-placeholder')}
          role="combobox"
          tabIndex={disabled ? -1 : 0}
          aria-controls={listId}
          aria-expanded={open}
          aria-haspopup="listbox"
          aria-activedescendant={open && active >= 0 ? optionId(active) : undefined}
          aria-labelledby={label !== undefined ? labelId : (ariaLabelledBy ?? externalLabelId)}
          aria-label={label === undefined ? ariaLabel : undefined}
          aria-disabled={disabled || undefined}
          aria-invalid={invalid || undefined}
          onClick={() => (open ? closeList() : openList())}
          onKeyDown={onKeyDown}
          onBlur={closeList}
        >
          <span className="ui-select__value">{selected ? selected.label : placeholder}</span>
          <IconChevronDown className="ui-select__chevron" />
        </div>
        {createPortal(
          <ul
            ref={listRef}
            id={listId}
            role="listbox"
            aria-labelledby={label !== undefined ? labelId : (ariaLabelledBy ?? externalLabelId)}
            aria-label={label === undefined ? ariaLabel : undefined}
            className="ui-select__list"
            style={placement}
            hidden={!open}
            tabIndex={-1}
            // Keeps focus on the field when an option is pressed, so blur does not close first.
            onMouseDown={(event) => event.preventDefault()}
          >
            {options.length === 0 && (
              <li className="ui-select__option is-empty" role="option" aria-disabled="true" aria-selected="false">
                {ru.select.noOptions}
              </li>
            )}
            {options.map((option, index) => (
              // eslint-disable-next-line jsx-a11y/click-events-have-key-events -- the combobox's keys (arrows, Enter) choose the active option (aria-activedescendant)
              <li
                key={String(option.value)}
                id={optionId(index)}
                role="option"
                aria-selected={index === selectedIndex}
                aria-disabled={option.disabled || undefined}
                className={cx('ui-select__option', index === active && 'is-active')}
                onPointerMove={() => !option.disabled && index !== active && setActive(index)}
                onClick={() => choose(index)}
              >
                <span className="ui-select__option-label">{option.label}</span>
                {index === selectedIndex && <IconCheck size={18} className="ui-select__check" />}
              </li>
            ))}
          </ul>,
          document.body,
        )}
      </div>
      {name !== undefined && <input type="hidden" name={name} value={current === null ? '' : String(current)} />}
    </div>
  );
}

function labels(options: readonly SelectOption<string | number>[]): string[] {
  return options.map((option) => option.label);
}

function isPrintable(event: KeyboardEvent): boolean {
  return event.key.length === 1 && event.key !== ' ' && !event.ctrlKey && !event.metaKey && !event.altKey;
}
