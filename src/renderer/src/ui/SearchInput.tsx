import { type InputHTMLAttributes, type KeyboardEvent, useEffect, useRef } from 'react';
import { ru } from '../i18n/ru';
import { cx } from './class-names';
import { createDebounce } from './debounce';
import { IconClose, IconSearch } from './icons';
import { useControllableState } from './use-controllable-state';
import './field.css';
import './SearchInput.css';

export interface SearchInputProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'value' | 'defaultValue' | 'onChange' | 'type'> {
  value?: string;
  defaultValue?: string;
  /** Every keystroke. */
  onChange?: (value: string) => void;
  /** After the user pauses for `debounceMs`; at once on Enter and on clearing. */
  onSearch?: (value: string) => void;
  debounceMs?: number;
  /** Accessible name; the placeholder alone is not a label. */
  label?: string;
}

/** A search field with a clear button and a debounced search callback. */
export function SearchInput({
  value,
  defaultValue = '',
  onChange,
  onSearch,
  debounceMs = 600,
  label = ru.search.label,
  placeholder = ru.search.placeholder,
  className,
  onKeyDown,
  ...rest
}: SearchInputProps) {
  const [text, setText] = useControllableState(value, defaultValue, onChange);
  const inputRef = useRef<HTMLInputElement>(null);
  const onSearchRef = useRef(onSearch);
  onSearchRef.current = onSearch;
  const debounced = useRef<ReturnType<typeof createDebounce<[string]>> | null>(null);

  useEffect(() => {
    const created = createDebounce((query: string) => onSearchRef.current?.(query), debounceMs);
    debounced.current = created;
    return () => created.cancel();
  }, [debounceMs]);

  const change = (next: string) => {
    setText(next);
    debounced.current?.call(next);
  };

  const clear = () => {
    debounced.current?.cancel();
    setText('');
    onSearchRef.current?.('');
    inputRef.current?.focus();
  };

  const handleKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    onKeyDown?.(event);
    if (event.defaultPrevented) return;
    if (event.key === 'Enter') {
      event.preventDefault();
      debounced.current?.cancel();
      onSearchRef.current?.(text);
    } else if (event.key === 'Escape' && text !== '') {
      // Used up here: an enclosing popup stays open.
      event.preventDefault();
      clear();
    }
  };

  return (
    <div className={cx('ui-search', className)}>
      <IconSearch className="ui-search__icon" size={18} />
      <input
        ref={inputRef}
        type="search"
        className="ui-input ui-search__input"
        value={text}
        placeholder={placeholder}
        aria-label={label}
        autoComplete="off"
        spellCheck={false}
        enterKeyHint="search"
        onChange={(event) => change(event.target.value)}
        onKeyDown={handleKeyDown}
        {...rest}
      />
      {text !== '' && (
        <button type="button" className="ui-search__clear" aria-label={ru.search.clear} onClick={clear}>
          <IconClose size={16} />
        </button>
      )}
    </div>
  );
}
