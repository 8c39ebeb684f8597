/**
 * What the rest of the server may use of server/files/: other features and the composition
 * root import only this module (dependency-cruiser's server-feature-through-public-module rule).
 */
export { type BodyPaceOptions, watchBodyPace } from './body-pace.ts';
export { sendStoredFile } from './download.ts';
export { createFileStore, type FileStore, newFileKey } from './store.ts';
export { guardUploads } from './upload-guard.ts';
export {
  fieldLimitsOf,
  jsonBodyBytesOf,
  type ReceivedFile,
  receiveFields,
  receiveMultipart,
  receiveMultipartFiles,
  UploadError,
} from './upload.ts';
