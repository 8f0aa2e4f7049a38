/**
 * The desktop interface exposed by the preload as `window.desktop`. Every IPC channel is declared
 * once here (name, argument and result types); main validates the arguments, the preload only
 * forwards them. Pure types and constants: this file is bundled into main, preload and renderer.
 */

/** A value that survives JSON (and Electron's structured clone) unchanged. */
export type JsonValue = string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue };

/** AI-chat messages kept per user and bot (shell §9: at most 100 saved messages per bot). */
export const CHAT_HISTORY_LIMIT = 100;

/** A local draft (homework answer, curator check, ...) keyed by the feature that owns it. */
export interface DraftRecord {
  key: string;
  value: JsonValue;
  /** Epoch ms of the last local write. */
  updatedAt: number;
  /** Version of the server copy this draft started from; compared on sync to detect conflicts. */
  serverVersion?: string;
}

export interface DraftInput {
  key: string;
  value: JsonValue;
  /** A string sets the base version, null clears it, absent keeps the stored one. */
  serverVersion?: string | null;
}

/** A saved AI-chat message (shell §3.5): the server's fields, ordered and capped by numeric `id`. */
export type CachedChatMessage = { id: number } & { [field: string]: JsonValue };

/** 'conflict': the server copy changed meanwhile; kept until the user picks a version. */
export type OutboxStatus = 'pending' | 'conflict';

/** A mutation made while offline, replayed in `id` order when the connection returns. */
export interface OutboxEntry {
  /** Increasing, never reused: the replay order. */
  id: number;
  createdAt: number;
  /** What to replay, normally the contract path (e.g. '/app/api/homework/save.php'). */
  kind: string;
  payload: JsonValue;
  attempts: number;
  lastError: string | null;
  status: OutboxStatus;
  /** The server's version met at a conflict, shown next to `payload`. */
  serverVersion: JsonValue | null;
  /** What the entry changes (e.g. one homework of one user): a newer change of it replaces a waiting one. */
  key?: string;
}

export interface OutboxInput {
  kind: string;
  payload: JsonValue;
}

/** A change that takes the place of the waiting (pending) changes of the same kind and key. */
export interface OutboxReplaceInput extends OutboxInput {
  key: string;
}

export type OutboxPatch = Partial<Pick<OutboxEntry, 'attempts' | 'lastError' | 'status' | 'serverVersion'>>;

export type MediaDeviceKind = 'videoinput' | 'audioinput' | 'audiooutput';

/** One camera, microphone or audio output, as the browser (enumerateDevices) or the OS lists it. */
export interface MediaDeviceSummary {
  kind: MediaDeviceKind;
  deviceId: string;
  label: string;
}

/** How the renderer's getUserMedia went for one input (only the renderer can open the camera). */
export type MediaOpenOutcome = 'opened' | 'denied' | 'busy' | 'missing' | 'unsupported';

/** What the renderer found, sent to main for the probe (src/shared/media-probe.ts combines). */
export interface RendererMediaCheck {
  camera: MediaOpenOutcome;
  microphone: MediaOpenOutcome;
  /** navigator.mediaDevices.enumerateDevices(): the device list when the OS cannot give one. */
  devices: MediaDeviceSummary[];
  /** false where the browser cannot choose an output (no setSinkId) and so lists none. */
  listsOutputs: boolean;
}

/**
 * Operating-system access state for a device type (Electron's systemPreferences on macOS and
 * Windows); 'unknown' where the system has no such setting (Linux).
 */
export type SystemAccess = 'granted' | 'denied' | 'restricted' | 'not-determined' | 'unknown';

/** What main learns from the operating system (src/main/media). */
export interface SystemMediaState {
  camera: SystemAccess;
  microphone: SystemAccess;
  /** The OS device list; null when listing failed or timed out (the renderer's list is used). */
  devices: MediaDeviceSummary[] | null;
}

/** The one probe result the video chat page and the incoming-call window both use. */
export interface MediaProbeResult {
  camera: boolean;
  microphone: boolean;
  audioOutput: boolean;
  /** Russian reason for every device that is unavailable. */
  reasons: { camera?: string; microphone?: string; audioOutput?: string };
  /** The devices found: the OS list (desktop) merged with the browser's enumeration. */
  devices: MediaDeviceSummary[];
  /** Whether the operating system's own device list took part (desktop, listing succeeded). */
  listedBySystem: boolean;
}

export interface AppInfo {
  name: string;
  version: string;
  platform: string;
  arch: string;
  electron: string;
  chrome: string;
}

/** The three stream cookies, as strings. */
export interface StreamCookieValues {
  device: string;
  ts: string;
  signature: string;
}

/** Every IPC channel, `domain:verb`. */
export const DESKTOP_CHANNELS = {
  draftGet: 'cache:draft-get',
  draftPut: 'cache:draft-put',
  draftDelete: 'cache:draft-delete',
  draftList: 'cache:draft-list',
  chatGet: 'cache:chat-get',
  chatAppend: 'cache:chat-append',
  chatReplace: 'cache:chat-replace',
  flagsGet: 'cache:flags-get',
  flagsSet: 'cache:flags-set',
  outboxEnqueue: 'cache:outbox-enqueue',
  outboxList: 'cache:outbox-list',
  outboxRemove: 'cache:outbox-remove',
  outboxUpdate: 'cache:outbox-update',
  outboxReplace: 'cache:outbox-replace',
  serverUrlGet: 'settings:server-url-get',
  serverUrlSet: 'settings:server-url-set',
  mediaProbe: 'media:probe',
  streamCookies: 'media:stream-cookies',
  appInfo: 'app:info',
} as const;

const C = DESKTOP_CHANNELS;

/** Arguments and result of each channel. */
export interface DesktopChannelTypes {
  [C.draftGet]: { args: [key: string]; result: DraftRecord | null };
  [C.draftPut]: { args: [draft: DraftInput]; result: DraftRecord };
  [C.draftDelete]: { args: [key: string]; result: void };
  /** Sorted by key; only keys starting with `prefix` when given. */
  [C.draftList]: { args: [prefix?: string]; result: DraftRecord[] };
  /** Oldest first (ascending id). */
  [C.chatGet]: { args: [chatKey: string]; result: CachedChatMessage[] };
  /** Adds or updates by id, then drops the oldest beyond CHAT_HISTORY_LIMIT. */
  [C.chatAppend]: { args: [chatKey: string, messages: CachedChatMessage[]]; result: void };
  /** Replaces the whole history of a chat key (the newest CHAT_HISTORY_LIMIT are kept). */
  [C.chatReplace]: { args: [chatKey: string, messages: CachedChatMessage[]]; result: void };
  /** null when nothing is cached. */
  [C.flagsGet]: { args: [key: string]; result: JsonValue | null };
  [C.flagsSet]: { args: [key: string, value: JsonValue]; result: void };
  [C.outboxEnqueue]: { args: [mutation: OutboxInput]; result: OutboxEntry };
  /** In replay order (ascending id). */
  [C.outboxList]: { args: []; result: OutboxEntry[] };
  [C.outboxRemove]: { args: [id: number]; result: void };
  /** null when the entry no longer exists. */
  [C.outboxUpdate]: { args: [id: number, patch: OutboxPatch]; result: OutboxEntry | null };
  /**
   * One step: removes the pending entries of the mutation's kind and key (conflicts stay) and
   * queues it last. A reader never sees the key without an entry; racing replacements leave one.
   */
  [C.outboxReplace]: { args: [mutation: OutboxReplaceInput]; result: OutboxEntry };
  /** Server address without a trailing slash, e.g. 'http://127.0.0.1:3000'. */
  [C.serverUrlGet]: { args: []; result: string };
  /** Saves and returns the normalised address; reload the page so its CSP allows the new server. */
  [C.serverUrlSet]: { args: [url: string]; result: string };
  /** Main adds the OS permission state and device list to what the renderer found. */
  [C.mediaProbe]: { args: [check: RendererMediaCheck]; result: MediaProbeResult };
  /**
   * The video stream's signed cookie values (src/shared/signing.ts `signStreamCookies`); main adds
   * them as a Cookie header to stream requests for the configured server, which a page on
   * app://enot cannot do itself (its cookies belong to app://enot).
   */
  [C.streamCookies]: { args: [values: StreamCookieValues]; result: void };
  [C.appInfo]: { args: []; result: AppInfo };
}

export type DesktopChannel = keyof DesktopChannelTypes;
export type ChannelArgs<K extends DesktopChannel> = DesktopChannelTypes[K]['args'];
export type ChannelResult<K extends DesktopChannel> = DesktopChannelTypes[K]['result'];

/** The renderer-side function of a channel. */
export type Invoker<K extends DesktopChannel> = (...args: ChannelArgs<K>) => Promise<ChannelResult<K>>;

/** The offline cache half of the interface; the browser implements the same with IndexedDB. */
export interface OfflineCacheApi {
  drafts: {
    get: Invoker<typeof C.draftGet>;
    put: Invoker<typeof C.draftPut>;
    delete: Invoker<typeof C.draftDelete>;
    list: Invoker<typeof C.draftList>;
  };
  chat: {
    get: Invoker<typeof C.chatGet>;
    append: Invoker<typeof C.chatAppend>;
    replace: Invoker<typeof C.chatReplace>;
  };
  flags: {
    get: Invoker<typeof C.flagsGet>;
    set: Invoker<typeof C.flagsSet>;
  };
  outbox: {
    enqueue: Invoker<typeof C.outboxEnqueue>;
    list: Invoker<typeof C.outboxList>;
    remove: Invoker<typeof C.outboxRemove>;
    update: Invoker<typeof C.outboxUpdate>;
    replace: Invoker<typeof C.outboxReplace>;
  };
}

/** `window.desktop`: the cache groups above plus the desktop-only calls. */
export interface DesktopApi extends OfflineCacheApi {
  getServerUrl: Invoker<typeof C.serverUrlGet>;
  setServerUrl: Invoker<typeof C.serverUrlSet>;
  probeMedia: Invoker<typeof C.mediaProbe>;
  setStreamCookies: Invoker<typeof C.streamCookies>;
  appInfo: Invoker<typeof C.appInfo>;
}
