import type { MediaDeviceSummary, MediaProbeResult, RendererMediaCheck, SystemAccess } from '../../shared/desktop-api';
import { combineMediaProbe } from '../../shared/media-probe';

export type { SystemAccess };

export interface SystemPermissions {
  camera: SystemAccess;
  microphone: SystemAccess;
}

export interface MainProbeDeps {
  /** Electron's systemPreferences on macOS and Windows; 'unknown' elsewhere. */
  permissions(): SystemPermissions;
  /** The OS device list (./os-devices); null when it failed. */
  listDevices(): Promise<MediaDeviceSummary[] | null>;
}

/**
 * The probe as main answers it (channel media:probe): the renderer's getUserMedia outcome and
 * enumeration, plus the OS permission state and device list, into the one MediaProbeResult.
 */
export function createMainProbe(deps: MainProbeDeps): (check: RendererMediaCheck) => Promise<MediaProbeResult> {
  return async (check) => {
    const devices = await deps.listDevices().catch(() => null);
    return combineMediaProbe(check, { ...deps.permissions(), devices });
  };
}
