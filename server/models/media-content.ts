/**
 * What an uploaded document or video is, decided by its bytes (file-type's magic numbers), not
 * by the name or the type the client claimed.
 */
import { fileTypeFromBuffer } from 'file-type';
import { ValidationError } from '../errors';

/** The types a plain-text document is served as; file-type cannot recognise text by its bytes. */
const TEXT_TYPES: Readonly<Record<string, string>> = {
  txt: 'text/plain',
  csv: 'text/csv',
  tsv: 'text/tab-separated-values',
  md: 'text/markdown',
  json: 'application/json',
  ics: 'text/calendar',
  vtt: 'text/vtt',
};

/** Office formats inside a Compound File container, which file-type reports as 'cfb'. */
const CFB_TYPES: Readonly<Record<string, string>> = {
  doc: 'application/msword',
  xls: 'application/vnd.ms-excel',
  ppt: 'application/vnd.ms-powerpoint',
  msg: 'application/vnd.ms-outlook',
};

/** Names file-type gives one format under another extension. */
const SAME_FORMAT: Readonly<Record<string, string>> = { jpeg: 'jpg', tiff: 'tif', mpeg: 'mpg', oga: 'ogg', ogv: 'ogg' };

/**
 * Documents are downloads, but a stored HTML, SVG or program still reaches people: a proxy or
 * bucket that serves media directly, a link opened with the file's own type, a colleague who
 * runs what the site offered. Refusing them at upload is the only choice that keeps every such
 * path safe, and a restaurant's documents (menus, fact sheets, spreadsheets) never need them.
 */
const REFUSED_EXTENSIONS = new Set([
  'html',
  'htm',
  'xhtml',
  'shtml',
  'svg',
  'svgz',
  'xml',
  'xsl',
  'js',
  'mjs',
  'hta',
  'swf',
  'exe',
  'dll',
  'com',
  'bat',
  'cmd',
  'msi',
  'scr',
  'pif',
  'cpl',
  'jar',
  'apk',
  'app',
  'dmg',
  'elf',
  'sh',
  'ps1',
  'vbs',
  'wsf',
  'php',
]);
const REFUSED_DETECTED = new Set(['exe', 'elf', 'mach', 'msi', 'jar', 'apk', 'swf', 'class', 'dex', 'wasm', 'xml', 'deb', 'rpm', 'dmg']);
// Browsers sniff these openings as markup whatever the declared type.
const MARKUP_START = /^(?:\uFEFF)?\s*<(?:!doctype\s+html|html|head|body|script|svg|\?xml|iframe|object|embed)\b/i;

/** The extension of a file name, lowercase ('' without one). */
export function extensionOf(filename: string): string {
  const dot = filename.lastIndexOf('.');
  return dot > 0 ? filename.slice(dot + 1).toLowerCase() : '';
}

function isUtf8Text(bytes: Uint8Array): boolean {
  if (bytes.includes(0)) return false;
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    return true;
  } catch {
    return false;
  }
}

/**
 * The Content-Type a document is served with, or ValidationError when its content contradicts
 * its extension (a '.pdf' that is a ZIP) or it is markup or a program.
 */
export async function documentContentType(filename: string, bytes: Uint8Array): Promise<string> {
  const extension = extensionOf(filename);
  if (REFUSED_EXTENSIONS.has(extension))
    throw new ValidationError(`.${extension} files cannot be uploaded as documents: web pages, SVG images and programs could run in a visitor's browser or computer.`);
  const head = new TextDecoder('utf-8').decode(bytes.subarray(0, 512));
  if (MARKUP_START.test(head)) throw new ValidationError(`${filename} holds HTML, SVG or XML markup, which cannot be uploaded as a document.`);
  const detected = await fileTypeFromBuffer(bytes);
  if (detected && REFUSED_DETECTED.has(detected.ext)) throw new ValidationError(`${filename} is a program (${detected.ext}), which cannot be uploaded as a document.`);
  const expected = SAME_FORMAT[extension] ?? extension;
  if (detected) {
    if (detected.ext === expected) return detected.mime;
    if (detected.ext === 'cfb' && CFB_TYPES[extension]) return CFB_TYPES[extension];
    throw new ValidationError(`${filename} is named .${extension} but its content is of type ${detected.ext.toUpperCase()}.`);
  }
  const textType = TEXT_TYPES[extension];
  if (textType) {
    if (!isUtf8Text(bytes)) throw new ValidationError(`${filename} is named .${extension} but is not UTF-8 text.`);
    return `${textType}; charset=utf-8`;
  }
  throw new ValidationError(`The content of ${filename} is not a .${extension} file, or not a kind of file the site accepts.`);
}

/** The video formats browsers play, by the container file-type finds. */
const VIDEO_TYPES: Readonly<Record<string, { mime: string; extension: string }>> = {
  mp4: { mime: 'video/mp4', extension: 'mp4' },
  m4v: { mime: 'video/mp4', extension: 'mp4' },
  webm: { mime: 'video/webm', extension: 'webm' },
  ogv: { mime: 'video/ogg', extension: 'ogv' },
};

/** The MIME type and extension of an uploaded video, or ValidationError unless it is MP4, WebM or Ogg video. */
export async function videoFileType(filename: string, bytes: Uint8Array): Promise<{ mime: string; extension: string }> {
  const detected = await fileTypeFromBuffer(bytes);
  const type = detected && VIDEO_TYPES[detected.ext];
  if (!type) throw new ValidationError(`${filename || 'The file'} is not an MP4, WebM or Ogg video${detected ? ` (its content is ${detected.mime})` : ''}.`);
  return type;
}

/** Longest WebVTT file we store; a feature-length subtitle file is a few hundred KB. */
const MAX_TRACK_BYTES = 2_000_000;

/** The WebVTT text of an uploaded track, or ValidationError unless it is UTF-8 starting with "WEBVTT". */
export function webVttText(bytes: Uint8Array): string {
  if (bytes.length > MAX_TRACK_BYTES) throw new ValidationError(`A track is at most ${MAX_TRACK_BYTES / 1_000_000} MB.`);
  if (!isUtf8Text(bytes)) throw new ValidationError('A track must be UTF-8 text without NUL characters.');
  const text = new TextDecoder('utf-8').decode(bytes);
  // The WebVTT signature: optional BOM, "WEBVTT", then a space, tab or line end.
  if (!/^\uFEFF?WEBVTT(?:[ \t]|\r|\n|$)/.test(text)) throw new ValidationError('A track must be WebVTT: its first line starts with "WEBVTT".');
  return text;
}
