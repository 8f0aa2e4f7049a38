/** The one multipart path of the server: every upload route goes through these. */
export { answerUpload } from './answer';
export { fileHead, imageKind, inspectImage, MAX_IMAGE_PIXELS, MAX_IMAGE_SIDE, type ImageKind } from './image-header';
export { UPLOAD_MESSAGES } from './messages';
export { uploadedImage } from './uploaded-image';
export type { ReceivedFile } from './multipart';
export { authorise, receiveFile, receiveUpload, type UploadPermission, type UploadSpec } from './receive';
export { refused, UploadRefused } from './refusal';
export type { UploadScratch } from './scratch';

/** The largest picture file any image route takes. */
export const IMAGE_MAX_BYTES = 10 * 1024 * 1024;
