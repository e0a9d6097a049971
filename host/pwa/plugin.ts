/**
 * The installable app: emits the web app manifest and its PNG icons, rendered at build time
 * from the one icon.svg (which is also the page's inline favicon, see host/index.html).
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { rspack, type Compiler } from '@rspack/core';

const here = path.dirname(fileURLToPath(import.meta.url));
export const ICON_SVG = fs.readFileSync(path.join(here, 'icon.svg'), 'utf8').trim();
export const THEME_COLOR = '#0a6b4f';
export const BACKGROUND_COLOR = '#f4f6f8';

const ICONS = [
  { file: 'icon-192.png', size: 192, purpose: 'any' },
  { file: 'icon-512.png', size: 512, purpose: 'any' },
  // a maskable icon keeps its mark inside the safe zone: the full-bleed square, drawn smaller
  { file: 'icon-maskable-512.png', size: 512, purpose: 'maskable' },
];

const MANIFEST = {
  name: 'LoanMarket',
  short_name: 'LoanMarket',
  description: 'Personal loans in Pakistan: apply, receive and repay from your phone.',
  lang: 'en',
  dir: 'auto',
  start_url: './',
  scope: './',
  display: 'standalone',
  orientation: 'portrait',
  theme_color: THEME_COLOR,
  background_color: BACKGROUND_COLOR,
  icons: ICONS.map((i) => ({ src: i.file, sizes: `${i.size}x${i.size}`, type: 'image/png', purpose: i.purpose })),
};

async function renderIcon(size: number, maskable: boolean): Promise<Buffer> {
  const svg = Buffer.from(ICON_SVG);
  if (!maskable)
    return sharp(svg, { density: (72 * size) / 32 })
      .resize(size, size)
      .png()
      .toBuffer();
  const inner = Math.round(size * 0.7);
  const mark = await sharp(svg, { density: (72 * inner) / 32 })
    .resize(inner, inner)
    .png()
    .toBuffer();
  return sharp({ create: { width: size, height: size, channels: 4, background: THEME_COLOR } })
    .composite([{ input: mark, gravity: 'centre' }])
    .png()
    .toBuffer();
}

export class WebAppManifestPlugin {
  apply(compiler: Compiler) {
    compiler.hooks.thisCompilation.tap('web-app-manifest', (compilation) => {
      compilation.hooks.processAssets.tapPromise('web-app-manifest', async () => {
        compilation.emitAsset('manifest.webmanifest', new rspack.sources.RawSource(JSON.stringify(MANIFEST, null, 2)));
        for (const i of ICONS) compilation.emitAsset(i.file, new rspack.sources.RawSource(await renderIcon(i.size, i.purpose === 'maskable')));
      });
    });
  }
}
