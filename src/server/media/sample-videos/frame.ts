import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

// The product card's frame layout, and the font of its captions.

export const WIDTH = 720;
export const HEIGHT = 1280;
export const FPS = 30;
// geq evaluates an expression per pixel, which is slow; the gradient is computed once at a tenth
// of the size and scaled up (a smooth gradient loses nothing), then reused for every frame.
export const BG_W = 72;
export const BG_H = 180;
export const BG_TALL = (WIDTH / BG_W) * BG_H;
export const GLOW = 520;
export const CARD_W = 400;
export const CARD_H = 440;
export const CARD_Y = 470;
export const SHOP_AT = 3.4;

export const DEJAVU_BOLD = '/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf';

/**
 * A bold sans font file for drawtext: DejaVu Sans Bold, else whatever fontconfig picks for
 * "sans:bold", else null (drawtext then asks fontconfig for plain "Sans"). The file is looked up
 * here rather than passed as font='Sans:bold' because the two ffmpeg builds unescape that colon
 * differently.
 */
export const findBoldFont = (): string | null => {
  if (existsSync(DEJAVU_BOLD)) return DEJAVU_BOLD;
  const match = spawnSync('fc-match', ['-f', '%{file}', 'sans:bold'], { encoding: 'utf8' });
  const file = match.status === 0 ? match.stdout.trim() : '';
  return file && existsSync(file) ? file : null;
};
