/**
 * Shared widgets, theme and colour bands. Import from here: `import { Card, Popup } from '../ui'`.
 * Theme variables come from styles/theme.css and styles/base.css, imported once by main.tsx.
 */
export { Accordion, type AccordionProps } from './Accordion';
export { Button, buttonClassName, type ButtonProps, type ButtonVariant } from './Button';
export { Card, type CardProps } from './Card';
export { Checkbox, type CheckboxProps } from './Checkbox';
export { CountBadge, type CountBadgeProps } from './CountBadge';
export { ConfirmPopup, type ConfirmPopupProps } from './ConfirmPopup';
export { DateRangeCalendar, type DateRangeCalendarProps } from './DateRangeCalendar';
export { EmptyState, type EmptyStateProps } from './EmptyState';
export { ErrorBox, type ErrorBoxProps } from './ErrorBox';
export { FloatingIcon, type FloatingIconProps } from './FloatingIcon';
export { LabelledTimer, type LabelledTimerProps } from './LabelledTimer';
export { Loader, type LoaderProps } from './Loader';
export { NotifierProvider, type NotifierProviderProps, useNotifier, useNotify } from './Notifier';
export { PersonLink, type PersonLinkProps } from './PersonLink';
export { Popup, type PopupProps } from './Popup';
export { PaceBadge, type PaceBadgeProps, paceMarkClass } from './PaceBadge';
export { type ExpectedProgress, PaceProgress, type PaceProgressProps } from './PaceProgress';
export { ProgressBar, type ProgressBarProps } from './ProgressBar';
export { QueryState, type QueryStateProps } from './QueryState';
export { ScrollRow, type ScrollRowProps } from './ScrollRow';
export { SearchInput, type SearchInputProps } from './SearchInput';
export { Select, type SelectOption, type SelectProps } from './Select';
export { SendButton, type SendButtonProps, type SendState } from './SendButton';
export { Spinner } from './Spinner';
export { Switch, type SwitchProps } from './Switch';
export { TextArea, type TextAreaProps } from './TextArea';
export { TextField, type TextFieldProps } from './TextField';
export { Tabs, type TabItem, type TabsProps } from './Tabs';
export { Toast, type ToastProps } from './Toast';
export { WeekdayHeader } from './WeekdayHeader';

export * from './icons';
export { type Band, type PercentBand, bandColor, bandTextColor, paceColor, paceTextColor, percentBand, progressBand, signedBand } from './bands';
export {
  addDays,
  addMonths,
  type CalendarDay,
  type DateRange,
  daysInMonth,
  isInRange,
  isLeapYear,
  monthGrid,
  parseIso,
  pickRangeDay,
  todayIso,
  toIso,
  weekdayOf,
} from './calendar-grid';
export { cx } from './class-names';
export { createDebounce } from './debounce';
export { clampToViewport, DRAG_THRESHOLD_PX, HOLD_MS, type Point } from './floating-gesture';
export { focusableIn } from './focusable';
export { createNotifier, type Notice, type NoticeTone, type Notifier, type NotifyOptions } from './notifier-store';
export { vkProfileHref } from './person-link';
export { phraseMatches } from './phrase-match';
export { lockBodyScroll } from './scroll-lock';
export { fill } from './template';
export {
  applyTheme,
  COLOR_SCHEMES,
  type ColorScheme,
  initThemeFromStorage,
  readInitialTheme,
  readThemeState,
  type ThemeState,
  useTheme,
} from './theme';
export { useControllableState } from './use-controllable-state';
export { type ModalOptions, useModal } from './use-modal';
export { Markdown } from './Markdown';
export { TimedStartCard, type TimedStartState } from './TimedStartCard';
export { WarningNote } from './WarningNote';
