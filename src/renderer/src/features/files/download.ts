import { FILE_DOWNLOAD_PATH } from '@shared/contract/files';
import { downloadSigned } from '../../lib/download';

/** Downloads a library file with a signed call (downloads need a session) and saves it. */
export function downloadLibraryFile(fileName: string): Promise<void> {
  return downloadSigned(FILE_DOWNLOAD_PATH, { fileName }, fileName);
}
