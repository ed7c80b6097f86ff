#!/usr/bin/env node
// The home-screen icons of the web app manifest (lib/seo/web-app.ts), drawn from the favicon (app/icon.svg) with sharp,
// which Next installs for its image optimisation: `node scripts/generate-app-icons.mjs`. Run again after the logo
// changes, and commit the PNGs (public/icons/, app/apple-icon.png).
//
// - icon-192.png, icon-512.png ("any"): the favicon as it is, its rounded corners transparent;
// - icon-maskable-512.png: the brand's blue to the edges and the logo scaled into the safe zone (the inner 80 %), so
//   that a launcher's circle or squircle never cuts it;
// - app/apple-icon.png (180 px): the same full square, since iOS fills transparent corners with black and rounds the
//   icon itself.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const favicon = fs.readFileSync(path.join(root, 'app/icon.svg'), 'utf8');

/** The favicon's drawing on a full square of its own background, the logo at `scale` of the side, centred. */
function fullSquare(scale) {
  const background = /<rect[^>]*fill="([^"]+)"/.exec(favicon)?.[1];
  if (!background) throw new Error('app/icon.svg: no background rect to take the colour from');
  const drawing = favicon
    .replace(/^<svg[^>]*>/, '')
    .replace(/<\/svg>\s*$/, '')
    .replace(/<rect[^>]*\/>/, '');
  const offset = (64 * (1 - scale)) / 2;
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" fill="${background}"/>` +
    `<g transform="translate(${offset} ${offset}) scale(${scale})">${drawing}</g></svg>`
  );
}

const render = (svg, size, file) =>
  sharp(Buffer.from(svg), { density: (72 * size) / 64 })
    .resize(size, size)
    .png({ compressionLevel: 9 })
    .toFile(path.join(root, file));

fs.mkdirSync(path.join(root, 'public/icons'), { recursive: true });
await render(favicon, 192, 'public/icons/icon-192.png');
await render(favicon, 512, 'public/icons/icon-512.png');
// The logo's glyph spans about 70 % of the favicon's height: at 0.8 it stays within the safe zone's circle.
await render(fullSquare(0.8), 512, 'public/icons/icon-maskable-512.png');
await render(fullSquare(0.9), 180, 'app/apple-icon.png');
console.log('public/icons/icon-192.png, icon-512.png, icon-maskable-512.png and app/apple-icon.png written');
