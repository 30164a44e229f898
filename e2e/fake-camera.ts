/**
 * A fake camera for Chromium (`--use-file-for-fake-video-capture`): a Y4M video of a stove ID
 * label's QR code, drawn as the label sheet draws it (one alphanumeric segment, error correction M),
 * black on a white 640 × 480 frame. Y4M is a text header and raw YUV 4:2:0 frames; Chromium loops it.
 */
import { renameSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { create as createQr } from 'qrcode';

const WIDTH = 640;
const HEIGHT = 480;
/** Pixels per QR module: a label held about 20 cm from a phone's camera. */
const SCALE = 8;
const FRAMES = 5;

/** One frame's bytes: the luma plane (the QR in black on white), then both chroma planes at grey. */
function labelFrame(code: string): Buffer {
  const { modules } = createQr([{ data: code, mode: 'alphanumeric' }], { errorCorrectionLevel: 'M' });
  const side = modules.size * SCALE;
  const left = Math.floor((WIDTH - side) / 2);
  const top = Math.floor((HEIGHT - side) / 2);
  const luma = Buffer.alloc(WIDTH * HEIGHT, 235);
  for (let y = 0; y < side; y++) {
    for (let x = 0; x < side; x++) {
      if (modules.get(Math.floor(y / SCALE), Math.floor(x / SCALE))) luma[(top + y) * WIDTH + left + x] = 16;
    }
  }
  const chroma = Buffer.alloc((WIDTH / 2) * (HEIGHT / 2) * 2, 128);
  return Buffer.concat([Buffer.from('FRAME\n'), luma, chroma]);
}

/** Writes the video of `code`'s label (once per test file load) and returns its path. */
export function labelVideo(code: string): string {
  const path = join(tmpdir(), `e2e-camera-${code}.y4m`);
  const frame = labelFrame(code);
  const header = Buffer.from(`YUV4MPEG2 W${WIDTH} H${HEIGHT} F10:1 Ip A1:1 C420jpeg\n`);
  const temp = `${path}.${process.pid}`;
  writeFileSync(temp, Buffer.concat([header, ...Array.from({ length: FRAMES }, () => frame)]));
  renameSync(temp, path);
  return path;
}
