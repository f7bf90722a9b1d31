/** Dispatched on document once every editor of the page is mounted and has written its inputs. */
export const EDITORS_MOUNTED_EVENT = 'streamfield:mounted';
