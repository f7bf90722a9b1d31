/**
 * Records the demo video, server/seed/assets/harbor-clip.webm: a 6-second 640×360 VP9 clip of a
 * lighthouse over waves in the brand colours with the words "Red Harbor", drawn on a canvas in
 * headless Chromium and recorded with MediaRecorder (this machine has no ffmpeg). MediaRecorder
 * leaves the duration out of the file, so it is written in afterwards: browsers then know the
 * length before playing and can seek. Run once, commit the result:
 *
 *   npx tsx scripts/generate-harbor-clip.ts
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import puppeteer from 'puppeteer-core';
import { HEADLESS_CHROMIUM_FLAGS } from './chromium-flags';

const OUTPUT = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'server', 'seed', 'assets', 'harbor-clip.webm');
const SECONDS = 6;
const CHROMIUM = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const FLAGS = [...HEADLESS_CHROMIUM_FLAGS, '--autoplay-policy=no-user-gesture-required'];

/** Records the scene in the page; returns the WebM bytes as base64. */
async function record(): Promise<Buffer> {
  const browser = await puppeteer.launch({ executablePath: CHROMIUM, headless: true, args: FLAGS });
  try {
    const page = await browser.newPage();
    await page.setContent('<!doctype html><title>clip</title><body></body>');
    // tsx names inner functions through an `__name` helper that only exists in Node; the page gets an identity one.
    await page.evaluate('globalThis.__name = (fn) => fn');
    const base64 = await page.evaluate(async (seconds: number) => {
      const canvas = document.createElement('canvas');
      canvas.width = 640;
      canvas.height = 360;
      document.body.append(canvas);
      const g = canvas.getContext('2d')!;
      const recorder = new MediaRecorder(canvas.captureStream(30), { mimeType: 'video/webm;codecs=vp9', videoBitsPerSecond: 450_000 });
      const chunks: Blob[] = [];
      recorder.addEventListener('dataavailable', (event) => chunks.push(event.data));
      const stopped = new Promise((resolve) => recorder.addEventListener('stop', resolve));
      const started = performance.now();
      const draw = () => {
        const t = (performance.now() - started) / 1000;
        const sky = g.createLinearGradient(0, 0, 0, 240);
        sky.addColorStop(0, '#0f2a3d');
        sky.addColorStop(1, '#1d4560');
        g.fillStyle = sky;
        g.fillRect(0, 0, 640, 360);
        // The lighthouse: a striped tower, its lamp and a sweeping beam.
        g.fillStyle = 'rgba(255, 236, 170, 0.22)';
        g.beginPath();
        g.moveTo(470, 118);
        const angle = Math.sin(t * 1.3) * 0.9;
        g.lineTo(470 + Math.cos(angle - 0.12) * 700, 118 + Math.sin(angle - 0.12) * 120);
        g.lineTo(470 + Math.cos(angle + 0.12) * 700, 118 + Math.sin(angle + 0.12) * 120);
        g.closePath();
        g.fill();
        for (let band = 0; band < 5; band += 1) {
          g.fillStyle = band % 2 ? '#f5f3ef' : '#c8281e';
          const top = 130 + band * 24;
          g.beginPath();
          g.moveTo(458 - band * 2, top);
          g.lineTo(482 + band * 2, top);
          g.lineTo(484 + band * 2, top + 24);
          g.lineTo(456 - band * 2, top + 24);
          g.closePath();
          g.fill();
        }
        g.fillStyle = '#ffe9a8';
        g.fillRect(460, 108, 20, 22);
        g.fillStyle = '#0f2a3d';
        g.fillRect(455, 102, 30, 6);
        // Three layers of waves, each moving at its own pace.
        for (let layer = 0; layer < 3; layer += 1) {
          g.fillStyle = ['#1b7f93', '#15677a', '#0f4f60'][layer]!;
          g.beginPath();
          g.moveTo(0, 360);
          for (let x = 0; x <= 640; x += 8) g.lineTo(x, 240 + layer * 30 + Math.sin(x / (40 + layer * 12) + t * (1.6 + layer * 0.7)) * (8 + layer * 3));
          g.lineTo(640, 360);
          g.closePath();
          g.fill();
        }
        g.fillStyle = '#f5f3ef';
        g.font = 'bold 54px Georgia, serif';
        g.fillText('Red Harbor', 40, 90);
        g.font = '20px Georgia, serif';
        g.fillText('From dock to dish', 44, 122);
        g.fillStyle = '#c8281e';
        g.fillRect(40, 136, 180 * Math.min(1, t / seconds), 4);
      };
      draw();
      recorder.start(500);
      await new Promise<void>((resolve) => {
        const tick = () => {
          draw();
          if (performance.now() - started >= seconds * 1000) resolve();
          else requestAnimationFrame(tick);
        };
        requestAnimationFrame(tick);
      });
      recorder.stop();
      await stopped;
      const bytes = new Uint8Array(await new Blob(chunks).arrayBuffer());
      let binary = '';
      for (const byte of bytes) binary += String.fromCharCode(byte);
      return btoa(binary);
    }, SECONDS);
    return Buffer.from(base64, 'base64');
  } finally {
    await browser.close();
  }
}

/** An EBML variable-size integer at `offset`: its value and length in bytes. */
function readVint(bytes: Buffer, offset: number, keepMarker = false): { value: number; length: number } {
  const first = bytes[offset]!;
  let length = 1;
  while (length <= 8 && !(first & (0x80 >> (length - 1)))) length += 1;
  let value = keepMarker ? first : first & (0xff >> length);
  for (let index = 1; index < length; index += 1) value = value * 256 + bytes[offset + index]!;
  return { value, length };
}

function writeVint(value: number, length: number): Buffer {
  const out = Buffer.alloc(length);
  let rest = value;
  for (let index = length - 1; index >= 0; index -= 1) {
    out[index] = rest % 256;
    rest = Math.floor(rest / 256);
  }
  out[0]! |= 0x80 >> (length - 1);
  return out;
}

const SEGMENT = 0x18538067;
const INFO = 0x1549a966;
const DURATION = 0x4489;
const CLUSTER = 0x1f43b675;
const TIMECODE = 0xe7;
const SIMPLE_BLOCK = 0xa3;
const BLOCK_GROUP = 0xa0;
const BLOCK = 0xa1;

/** The last frame's time in ms: the greatest cluster timecode plus block offset (Chrome writes blocks in block groups). */
function lastFrameMs(bytes: Buffer, from: number): number {
  let last = 0;
  let clusterTime = 0;
  let offset = from;
  while (offset < bytes.length) {
    const id = readVint(bytes, offset, true);
    const size = readVint(bytes, offset + id.length);
    const body = offset + id.length + size.length;
    const unknownSize = size.value === 2 ** (7 * size.length) - 1;
    // Clusters (unknown size) and block groups are read through: their children follow.
    if (id.value === CLUSTER || id.value === BLOCK_GROUP) {
      offset = body;
      continue;
    }
    if (id.value === TIMECODE) {
      clusterTime = bytes.readUIntBE(body, size.value);
    } else if (id.value === SIMPLE_BLOCK || id.value === BLOCK) {
      const track = readVint(bytes, body);
      last = Math.max(last, clusterTime + bytes.readInt16BE(body + track.length));
    }
    if (unknownSize) break;
    offset = body + size.value;
  }
  return last;
}

/** The WebM with a Duration element in its Segment Info. */
function withDuration(bytes: Buffer, frameMs: number): Buffer {
  let offset = 0;
  const header = readVint(bytes, offset, true);
  offset += header.length;
  const headerSize = readVint(bytes, offset);
  offset += headerSize.length + headerSize.value;
  const segment = readVint(bytes, offset, true);
  if (segment.value !== SEGMENT) throw new Error('No Segment after the EBML header.');
  offset += segment.length;
  offset += readVint(bytes, offset).length;
  while (offset < bytes.length) {
    const id = readVint(bytes, offset, true);
    const size = readVint(bytes, offset + id.length);
    const body = offset + id.length + size.length;
    if (id.value === INFO) {
      const durationMs = lastFrameMs(bytes, body + size.value) + frameMs;
      const duration = Buffer.alloc(11);
      duration.writeUInt16BE(DURATION, 0);
      duration[2] = 0x88;
      duration.writeDoubleBE(durationMs, 3);
      const info = Buffer.concat([bytes.subarray(body, body + size.value), duration]);
      return Buffer.concat([bytes.subarray(0, offset + id.length), writeVint(info.length, size.length), info, bytes.subarray(body + size.value)]);
    }
    offset = body + size.value;
  }
  throw new Error('No Segment Info in the recording.');
}

const clip = withDuration(await record(), 1000 / 30);
writeFileSync(OUTPUT, clip);
console.log(`Wrote ${OUTPUT} (${Math.round(clip.length / 1000)} kB).`);
