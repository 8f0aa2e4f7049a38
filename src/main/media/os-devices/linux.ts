import type { MediaDeviceSummary } from '../../../shared/desktop-api';

/**
 * Linux has no camera/microphone switch, but the kernel lists the devices in world-readable files:
 * V4L2 video nodes under /sys/class/video4linux, ALSA PCM devices in /proc/asound. (Sound servers
 * add devices the kernel does not list, a Bluetooth headset say; the renderer's list adds those.)
 */

/** What one /sys/class/video4linux/<node> says: its `name` and, on newer kernels, `index`. */
export interface VideoNode {
  node: string;
  name: string;
  /** 0 for a driver's primary node; a webcam's metadata node has 1. Absent on old kernels. */
  index?: string;
}

/** One camera per device: the primary node of each, duplicates by name dropped. */
export function camerasFromVideoNodes(nodes: readonly VideoNode[]): MediaDeviceSummary[] {
  const seen = new Set<string>();
  const cameras: MediaDeviceSummary[] = [];
  for (const node of [...nodes].sort((a, b) => a.node.localeCompare(b.node, 'en', { numeric: true }))) {
    const name = node.name.trim();
    if (node.index !== undefined && node.index.trim() !== '0') continue;
    if (seen.has(name)) continue;
    seen.add(name);
    cameras.push({ kind: 'videoinput', deviceId: `/dev/${node.node}`, label: name || node.node });
  }
  return cameras;
}

/** Card number → long name, from /proc/asound/cards (` 0 [PCH  ]: HDA-Intel - HDA Intel PCH`). */
export function parseAsoundCards(text: string): Map<number, string> {
  const cards = new Map<number, string>();
  for (const line of text.split('\n')) {
    const match = /^\s*(\d+)\s+\[[^\]]*\]:\s*.*?\s-\s(.+?)\s*$/.exec(line);
    if (match) cards.set(Number(match[1]), match[2]!);
  }
  return cards;
}

/**
 * Inputs and outputs from /proc/asound/pcm, one line per PCM device:
 * `00-00: ALC257 Analog : ALC257 Analog : playback 1 : capture 1`.
 */
export function audioFromAsoundPcm(pcm: string, cards: ReadonlyMap<number, string> = new Map()): MediaDeviceSummary[] {
  const devices: MediaDeviceSummary[] = [];
  for (const line of pcm.split('\n')) {
    const match = /^(\d+)-(\d+):\s*(.*)$/.exec(line.trim());
    if (!match) continue;
    const fields = match[3]!.split(' : ').map((field) => field.trim());
    const card = Number(match[1]);
    const name = fields[0] || `pcm ${match[1]}-${match[2]}`;
    const label = cards.has(card) ? `${cards.get(card)}: ${name}` : name;
    const deviceId = `hw:${card},${Number(match[2])}`;
    if (fields.some((field) => /^playback \d+$/.test(field))) devices.push({ kind: 'audiooutput', deviceId, label });
    if (fields.some((field) => /^capture \d+$/.test(field))) devices.push({ kind: 'audioinput', deviceId, label });
  }
  return devices;
}

/** The file reads the listing needs, so tests feed recorded files. */
export interface LinuxFiles {
  readdir(path: string): Promise<string[]>;
  readFile(path: string): Promise<string>;
}

const VIDEO_DIR = '/sys/class/video4linux';

/** Every camera, microphone and output the kernel lists. A missing directory or file lists none. */
export async function listLinuxDevices(files: LinuxFiles): Promise<MediaDeviceSummary[]> {
  const nodes = await absentAsEmpty<string[]>(files.readdir(VIDEO_DIR), []);
  const videoNodes = await Promise.all(
    nodes.map(async (node): Promise<VideoNode> => {
      const name = await absentAsEmpty(files.readFile(`${VIDEO_DIR}/${node}/name`), '');
      const index = await absentAsEmpty(files.readFile(`${VIDEO_DIR}/${node}/index`), null);
      return index === null ? { node, name } : { node, name, index };
    }),
  );
  const pcm = await absentAsEmpty(files.readFile('/proc/asound/pcm'), '');
  const cards = await absentAsEmpty(files.readFile('/proc/asound/cards'), '');
  return [...camerasFromVideoNodes(videoNodes), ...audioFromAsoundPcm(pcm, parseAsoundCards(cards))];
}

/** No camera driver loaded or no ALSA means no such devices; any other failure fails the listing. */
async function absentAsEmpty<T>(read: Promise<T>, empty: T): Promise<T> {
  try {
    return await read;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return empty;
    throw error;
  }
}
