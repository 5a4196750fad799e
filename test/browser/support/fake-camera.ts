import { readFileSync, writeFileSync } from 'node:fs';

import { PNG } from 'pngjs';

const WIDTH = 640;
const HEIGHT = 480;

/**
 * A camera that films a picture: the PNG drawn in the middle of a white 640×480 frame, written as
 * a Y4M video (4:2:0, grey: the chroma planes all 128) for Chromium's
 * `--use-file-for-fake-video-capture`, which plays it in a loop as the only camera.
 */
export function pictureAsCamera(pngPath: string, y4mPath: string): void {
  const picture = PNG.sync.read(readFileSync(pngPath));
  const scale = Math.min(1, (HEIGHT - 80) / picture.height, (WIDTH - 80) / picture.width);
  const shown = { width: Math.floor(picture.width * scale), height: Math.floor(picture.height * scale) };
  const left = Math.floor((WIDTH - shown.width) / 2);
  const top = Math.floor((HEIGHT - shown.height) / 2);
  const luma = Buffer.alloc(WIDTH * HEIGHT, 235);
  for (let y = 0; y < shown.height; y++) {
    for (let x = 0; x < shown.width; x++) {
      const at = (Math.floor(y / scale) * picture.width + Math.floor(x / scale)) * 4;
      const [r, g, b] = [picture.data[at]!, picture.data[at + 1]!, picture.data[at + 2]!];
      // BT.601 studio range, as a camera gives it.
      luma[(top + y) * WIDTH + left + x] = Math.round(16 + (219 * (0.299 * r + 0.587 * g + 0.114 * b)) / 255);
    }
  }
  const chroma = Buffer.alloc((WIDTH / 2) * (HEIGHT / 2) * 2, 128);
  const frame = Buffer.concat([Buffer.from('FRAME\n'), luma, chroma]);
  writeFileSync(y4mPath, Buffer.concat([Buffer.from(`YUV4MPEG2 W${WIDTH} H${HEIGHT} F10:1 Ip A1:1 C420jpeg\n`), frame, frame]));
}

/** The flags that give Chromium that camera, and say yes to the page's asking for it. */
export const fakeCameraFlags = (y4mPath: string): string[] => ['--use-fake-ui-for-media-stream', '--use-fake-device-for-media-stream', `--use-file-for-fake-video-capture=${y4mPath}`];
