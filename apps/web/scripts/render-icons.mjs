// Renders the PNG icons and the social preview image from the brand mark (public/favicon.svg)
// with headless Chromium. Run once after changing the mark: node apps/web/scripts/render-icons.mjs
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const publicDir = fileURLToPath(new URL('../public/', import.meta.url));
const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const mark = readFileSync(join(publicDir, 'favicon.svg'), 'utf8');
const work = mkdtempSync(join(tmpdir(), 'verba-icons-'));

const page = (width, height, body) => `<!doctype html><html><head><style>
html,body{margin:0;width:${width}px;height:${height}px;overflow:hidden}
body{display:flex;align-items:center;justify-content:center}
</style></head><body>${body}</body></html>`;

// A square icon: the mark fills `scale` of the canvas on `background` (transparent when null).
const icon = (size, scale, background) =>
  page(
    size,
    size,
    `<div style="width:${size}px;height:${size}px;display:flex;align-items:center;justify-content:center;background:${background ?? 'transparent'}">
      <div style="width:${size * scale}px;height:${size * scale}px">${mark.replace('<svg ', '<svg width="100%" height="100%" ')}</div>
    </div>`,
  );

// Full-bleed tile for platforms that crop or round icons themselves (maskable, Apple).
const fullBleed = (size, inset) =>
  page(
    size,
    size,
    `<div style="width:${size}px;height:${size}px;background:linear-gradient(135deg,#6366f1,#7c3aed);display:flex;align-items:center;justify-content:center">
      <svg viewBox="0 0 64 64" width="${size * inset}" height="${size * inset}"><path d="M19 20 32 45 45 20" fill="none" stroke="#fff" stroke-width="7.5" stroke-linecap="round" stroke-linejoin="round"/><circle cx="32" cy="13.5" r="3.5" fill="#fcd34d"/></svg>
    </div>`,
  );

const og = page(
  1200,
  630,
  `<div style="width:1200px;height:630px;box-sizing:border-box;padding:80px;background:linear-gradient(135deg,#eef2ff 0%,#ffffff 55%,#fef3c7 100%);font-family:'DejaVu Sans',Arial,sans-serif;display:flex;flex-direction:column;justify-content:center;gap:28px">
    <div style="display:flex;align-items:center;gap:24px">
      <div style="width:112px;height:112px">${mark.replace('<svg ', '<svg width="100%" height="100%" ')}</div>
      <div style="font-size:72px;font-weight:800;color:#1e1b4b;letter-spacing:-2px">Verba</div>
    </div>
    <div style="font-size:60px;font-weight:800;color:#111827;letter-spacing:-1.5px;line-height:1.1">Just vocabulary, nothing disturbing.</div>
    <div style="font-size:36px;color:#4f46e5;font-weight:600">Focus and learn with joy.</div>
  </div>`,
);

const outputs = [
  ['icons/icon-192.png', 192, 192, icon(192, 1, null)],
  ['icons/icon-512.png', 512, 512, icon(512, 1, null)],
  ['icons/icon-maskable-512.png', 512, 512, fullBleed(512, 0.6)],
  ['apple-touch-icon.png', 180, 180, fullBleed(180, 0.72)],
  ['og-image.png', 1200, 630, og],
];

for (const [file, width, height, html] of outputs) {
  const htmlPath = join(work, 'page.html');
  writeFileSync(htmlPath, html);
  execFileSync(
    chromium,
    [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--hide-scrollbars',
      '--default-background-color=00000000',
      '--force-device-scale-factor=1',
      `--window-size=${width},${height}`,
      `--screenshot=${join(publicDir, file)}`,
      `file://${htmlPath}`,
    ],
    { stdio: 'ignore' },
  );
  console.warn(`rendered ${file}`);
}
rmSync(work, { recursive: true, force: true });
