import { BOT_TITLES, BOTS, DEFAULT_BOT, questionBot, triggerUpdateBotAnswer, updateBotAnswer, type BotId, type BotMessage } from '@shared/contract/assistant';
import { useAtomValue } from 'jotai';
import { type KeyboardEvent, type ReactNode, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { liveStatusAtom } from '../../lib/live';
import { ruAssistant as t } from '../../i18n/assistant';
import { DRAFT_NAMES, readUserDraft, writeUserDraft } from '../../lib/drafts';
import { liveErrorText, liveRequest, shellLiveClient } from '../../lib/live-request';
import { readStorage, STORAGE_KEYS, writeStorage } from '../../lib/storage-keys';
import { Button, createDebounce, cx, ErrorBox, FloatingIcon, IconClose, Loader, lockBodyScroll } from '../../ui';
import { TheoryPopup } from '../knowledge/TheoryPopup';
import { loadCachedChat, saveCachedChat } from './chat-cache';
import { canLoadMore, mergeMessages, SMALL_SCREEN_QUERY, splitCitations, unfinishedIds } from './logic';
import { type Mark, markedText } from './message-markup';
import './assistant.css';
import { isOneOf } from '@shared/guards';

/** shell §9: the draft is saved after a 250 ms pause. */
const DRAFT_PAUSE_MS = 250;

function storedBot(): BotId {
  const saved = readStorage(STORAGE_KEYS.chatBot);
  return isOneOf(BOTS, saved) ? saved : DEFAULT_BOT;
}

/** The draggable 'Задать вопрос' icon and the AI chat panel (shell §2.5, §4.3), over every page. */
export function AssistantOverlay() {
  const [open, setOpen] = useState(false);
  const panelRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) return;
    // Button mode ↔ panel mode: an outside click or Escape closes the panel (§4.3).
    const onPointer = (event: PointerEvent) => {
      const target = event.target instanceof Node ? event.target : null;
      if (panelRef.current?.contains(target) || (target instanceof Element && target.closest('.assistant-icon, .ui-popup, [role="dialog"]'))) return;
      setOpen(false);
    };
    const onKey = (event: globalThis.KeyboardEvent) => event.key === 'Escape' && document.querySelectorAll('[role="dialog"]').length <= 1 && setOpen(false);
    document.addEventListener('pointerdown', onPointer);
    document.addEventListener('keydown', onKey);
    const small = window.matchMedia(SMALL_SCREEN_QUERY);
    const unlock = small.matches ? lockBodyScroll() : undefined;
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      document.removeEventListener('keydown', onKey);
      unlock?.();
    };
  }, [open]);

  return (
    <>
      <FloatingIcon label={t.icon} storageKey={STORAGE_KEYS.chatIconPosition} defaultOffset={{ right: 24, bottom: 104 }} size={56} onOpen={() => setOpen((value) => !value)} expanded={open} className="assistant-icon">
        <svg viewBox="0 0 24 24" width="28" height="28" aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round">
          <path d="M4 5h16v11H9l-5 4z" />
          <path d="M10 9.2a2 2 0 1 1 2.6 1.9c-.4.2-.6.5-.6.9v.4" />
          <path d="M12 14.3v.1" />
        </svg>
      </FloatingIcon>
      {open && <ChatPanel panelRef={panelRef} onClose={() => setOpen(false)} />}
    </>
  );
}

function ChatPanel({ panelRef, onClose }: { panelRef: React.RefObject<HTMLDivElement | null>; onClose: () => void }) {
  const [bot, setBot] = useState<BotId>(storedBot);
  const [messages, setMessages] = useState<BotMessage[]>([]);
  const [loading, setLoading] = useState(true);
  const [loadingOlder, setLoadingOlder] = useState(false);
  const [exhausted, setExhausted] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [draft, setDraft] = useState('');
  // The draft is the user's, kept in the offline store; it arrives a moment after the panel
  // opens and is shown only if nothing was typed meanwhile.
  const draftTouched = useRef(false);
  useEffect(() => {
    void readUserDraft(DRAFT_NAMES.chat).then((stored) => {
      if (!draftTouched.current && typeof stored === 'string') setDraft(stored);
    });
  }, []);
  const [sending, setSending] = useState(false);
  const [theoryOf, setTheoryOf] = useState<number | null>(null);
  const status = useAtomValue(liveStatusAtom);
  const listRef = useRef<HTMLOListElement>(null);
  const botRef = useRef(bot);
  botRef.current = bot;
  const messagesRef = useRef(messages);
  messagesRef.current = messages;

  const saveDraft = useMemo(() => createDebounce((text: string) => void writeUserDraft(DRAFT_NAMES.chat, text === '' ? null : text), DRAFT_PAUSE_MS), []);
  useEffect(() => {
    // The page leaving within the 250 ms pause: the draft is written now (a write started in
    // pagehide completes), not lost with the timer.
    const flushOnLeave = () => saveDraft.flush();
    const flushWhenHidden = () => {
      if (document.visibilityState === 'hidden') saveDraft.flush();
    };
    window.addEventListener('pagehide', flushOnLeave);
    document.addEventListener('visibilitychange', flushWhenHidden);
    return () => {
      window.removeEventListener('pagehide', flushOnLeave);
      document.removeEventListener('visibilitychange', flushWhenHidden);
      saveDraft.flush();
    };
  }, [saveDraft]);

  const requestLatest = useCallback(async (toBot: BotId, failText: (reason: string) => string) => {
    try {
      await liveRequest(triggerUpdateBotAnswer, { toBot });
    } catch (failure) {
      setLoading(false);
      setError(failText(liveErrorText(failure)));
    }
  }, []);

  // Pushes: only messages of the selected bot are applied (§5).
  useEffect(() => {
    let stop: Array<() => void> = [];
    let cancelled = false;
    void shellLiveClient().then((client) => {
      if (!client || cancelled) return;
      stop = [
        client.on(updateBotAnswer, (body) => {
          void saveCachedChat(body.bot, body.messages);
          if (body.bot !== botRef.current) return;
          if (body.reason === 'latest') setLoading(false);
          if (body.reason === 'older') {
            setLoadingOlder(false);
            if (body.messages.length === 0) setExhausted(true);
          }
          setMessages((current) => mergeMessages(current, body.messages));
        }),
        client.onReconnect(() => {
          const pending = unfinishedIds(messagesRef.current);
          void requestLatest(botRef.current, t.refreshError);
          if (pending.length > 0) void liveRequest(triggerUpdateBotAnswer, { toBot: botRef.current, ids: pending }).catch((failure: unknown) => setError(t.newError(liveErrorText(failure))));
        }),
      ];
    });
    return () => {
      cancelled = true;
      for (const unsubscribe of stop) unsubscribe();
    };
  }, [requestLatest]);

  useEffect(() => {
    setMessages([]);
    setLoading(true);
    setExhausted(false);
    setError(null);
    // The offline copy first (shown without a connection), then the server's newest page.
    void loadCachedChat(bot).then((cached) => {
      if (botRef.current === bot && cached.length > 0) setMessages((current) => mergeMessages(cached, current));
    });
    void requestLatest(bot, t.listError);
  }, [bot, requestLatest]);

  // New messages scroll into view; older ones loaded above keep the reader where they were.
  const lastId = messages[messages.length - 1]?.id;
  const lastText = messages[messages.length - 1]?.message;
  useEffect(() => {
    const list = listRef.current;
    if (list) list.scrollTop = list.scrollHeight;
  }, [lastId, lastText]);

  const chooseBot = (next: BotId) => {
    writeStorage(STORAGE_KEYS.chatBot, next);
    setBot(next);
  };

  /** «Спросить про организацию»: the suggested bot's tab, with the question that was asked here ready to send. */
  const switchWithQuestion = (next: BotId, answerId: number) => {
    const question = messages.find((message) => message.id === answerId - 1 && message.itsBot === '0');
    chooseBot(next);
    if (question) {
      draftTouched.current = true;
      setDraft(question.message);
      saveDraft.call(question.message);
    }
  };

  const send = async () => {
    const question = draft.trim();
    if (question === '' || sending || loadingOlder) return;
    setSending(true);
    setError(null);
    try {
      await liveRequest(questionBot, { question, toBot: bot });
      setDraft('');
      saveDraft.cancel();
      void writeUserDraft(DRAFT_NAMES.chat, null);
    } catch (failure) {
      setError(liveErrorText(failure) || t.sendError);
    } finally {
      setSending(false);
    }
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    // Enter sends; Shift+Enter starts a new line.
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      void send();
    }
  };

  const loadOlder = async () => {
    const lowest = messages[0]?.id;
    if (lowest === undefined) return;
    setLoadingOlder(true);
    try {
      await liveRequest(triggerUpdateBotAnswer, { toBot: bot, lastId: lowest });
    } catch (failure) {
      setLoadingOlder(false);
      setError(t.refreshError(liveErrorText(failure)));
    }
  };

  return (
    <div className="assistant-panel" ref={panelRef} role="dialog" aria-modal="false" aria-label={t.panel} data-testid="assistant-panel">
      <div className="assistant-panel__head">
        <div className="assistant-tabs" role="tablist" aria-label={t.bots}>
          {BOTS.map((id) => (
            <button key={id} type="button" role="tab" aria-selected={id === bot} onClick={() => chooseBot(id)} data-testid={`assistant-bot-${id}`}>
              <span className="assistant-tabs__long">{BOT_TITLES[id].title}</span>
              <span className="assistant-tabs__short">{BOT_TITLES[id].short}</span>
            </button>
          ))}
        </div>
        <button type="button" className="assistant-panel__close" onClick={onClose} aria-label={t.close}>
          <IconClose />
        </button>
      </div>
      {status !== 'online' && status !== 'connecting' && <p className="assistant-panel__notice">{t.offline}</p>}
      <ol className="assistant-messages" ref={listRef} aria-live="polite" data-testid="assistant-messages">
        {canLoadMore(messages, exhausted) && (
          <li className="assistant-messages__more">
            <Button variant="ghost" size="sm" loading={loadingOlder} onClick={() => void loadOlder()}>
              {t.loadMore}
            </Button>
          </li>
        )}
        {loading && messages.length === 0 ? (
          <li>
            <Loader size="sm" />
          </li>
        ) : messages.length === 0 ? (
          <li className="assistant-messages__empty">{t.empty}</li>
        ) : (
          messages.map((message) => <MessageItem key={message.id} message={message} onCite={setTheoryOf} onSwitch={switchWithQuestion} />)
        )}
      </ol>
      {error && <ErrorBox message={error} className="assistant-panel__error" />}
      <form
        className="assistant-panel__form"
        onSubmit={(event) => {
          event.preventDefault();
          void send();
        }}
      >
        <textarea
          value={draft}
          rows={2}
          maxLength={1000}
          placeholder={t.placeholder}
          aria-label={t.placeholder}
          onChange={(event) => {
            draftTouched.current = true;
            setDraft(event.target.value);
            saveDraft.call(event.target.value);
          }}
          onKeyDown={onKeyDown}
          data-testid="assistant-input"
        />
        <Button type="submit" disabled={draft.trim() === '' || sending || loadingOlder} loading={sending} data-testid="assistant-send">
          {t.send}
        </Button>
      </form>
      {/* Over the chat panel (a fixed layer above popups), or its close button would be hidden. */}
      <TheoryPopup chunkId={theoryOf} onClose={() => setTheoryOf(null)} rootClassName="assistant-theory" />
    </div>
  );
}

function MessageItem({ message, onCite, onSwitch }: { message: BotMessage; onCite: (chunkId: number) => void; onSwitch: (bot: BotId, answerId: number) => void }) {
  const mine = message.itsBot === '0';
  const waiting = !mine && message.status === 'pending';
  const bySource = new Map(message.sources.map((source) => [source.n, source]));
  const text = !mine && message.status === 'error' ? message.message || t.answerMissing : message.message;
  return (
    <li className={cx('assistant-message', mine ? 'assistant-message--mine' : 'assistant-message--bot', message.status === 'error' && 'assistant-message--error')} data-testid={`assistant-message-${message.id}`} data-status={message.status}>
      <span className="visually-hidden">{mine ? t.you : t.bot}: </span>
      {waiting ? (
        <span className="assistant-message__thinking">{t.thinking}</span>
      ) : (
        <p className="assistant-message__text">
          {markedText(text).map((run, runIndex) => (
            <Formatted key={runIndex} marks={run.marks}>
              {splitCitations(run.text, new Set(bySource.keys())).map((part, index) =>
                part.kind === 'text' ? (
                  <span key={index}>{part.text}</span>
                ) : (
                  <button key={index} type="button" className="assistant-cite" onClick={() => onCite(bySource.get(part.n)!.chunkId)} title={t.source(part.n, bySource.get(part.n)!.name)} data-testid="assistant-cite">
                    [{part.n}]
                  </button>
                ),
              )}
            </Formatted>
          ))}
        </p>
      )}
      {!mine && message.suggestBot && (
        <Button variant="secondary" size="sm" className="assistant-message__switch" onClick={() => onSwitch(message.suggestBot!, message.id)} data-testid="assistant-switch-bot">
          {t.askOrg}
        </Button>
      )}
      {!mine && message.status === 'done' && message.sources.length > 0 && (
        <ul className="assistant-sources" aria-label={t.sources}>
          {message.sources.map((source) => (
            <li key={source.n}>
              <button type="button" className="assistant-cite" onClick={() => onCite(source.chunkId)}>
                [{source.n}] {source.name}
                {source.lessonNum > 0 ? `, ${t.lesson(source.lessonNum)}` : ''}
              </button>
            </li>
          ))}
        </ul>
      )}
    </li>
  );
}

/** A run of a message inside the formatting tags open over it (shell §5: only these four). */
function Formatted({ marks, children }: { marks: ReadonlySet<Mark>; children: ReactNode }) {
  let node = <>{children}</>;
  if (marks.has('strike')) node = <s>{node}</s>;
  if (marks.has('underline')) node = <u>{node}</u>;
  if (marks.has('italic')) node = <em>{node}</em>;
  if (marks.has('bold')) node = <strong>{node}</strong>;
  return node;
}
