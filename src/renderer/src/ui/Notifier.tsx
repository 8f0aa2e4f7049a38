import { createContext, type ReactNode, useContext, useState, useSyncExternalStore } from 'react';
import { createPortal } from 'react-dom';
import { ru } from '../i18n/ru';
import { createNotifier, type Notifier } from './notifier-store';
import { Toast } from './Toast';
import './Notifier.css';

const NotifierContext = createContext<Notifier | null>(null);

export interface NotifierProviderProps {
  /** A store made with createNotifier() when code outside React must notify too; else one is made. */
  notifier?: Notifier;
  children?: ReactNode;
}

/** Holds the app's notification stack and shows it over the page (above popups). */
export function NotifierProvider({ notifier, children }: NotifierProviderProps) {
  const [own] = useState(() => notifier ?? createNotifier());
  return (
    <NotifierContext.Provider value={own}>
      {children}
      <NoticeStack notifier={own} />
    </NotifierContext.Provider>
  );
}

function NoticeStack({ notifier }: { notifier: Notifier }) {
  const notices = useSyncExternalStore(notifier.subscribe, notifier.getSnapshot, notifier.getSnapshot);
  if (typeof document === 'undefined') return null;
  return createPortal(
    // Always in the page, so messages are announced as they arrive; a named region only when not empty.
    <div
      className="ui-notifier"
      role={notices.length > 0 ? 'region' : undefined}
      aria-label={notices.length > 0 ? ru.notifier.region : undefined}
    >
      {notices.map((notice) => (
        <Toast key={notice.id} text={notice.text} tone={notice.tone} count={notice.count} onDismiss={() => notifier.dismiss(notice.id)} />
      ))}
    </div>,
    document.body,
  );
}

/** The whole store: notify, dismiss, clear. */
export function useNotifier(): Notifier {
  const notifier = useContext(NotifierContext);
  if (!notifier) throw new Error('useNotifier() needs a <NotifierProvider> above it');
  return notifier;
}

/**
 * The function that shows a message: notify(text) for an error such as the transport alert
 * 'Ошибка {url} {reason}', notify(text, { tone: 'success' }) for good news. Stable identity.
 */
export function useNotify(): Notifier['notify'] {
  return useNotifier().notify;
}
