import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStaticSite, type StaticSite } from './static-site.ts';

let root: string;
let site: StaticSite;
let app: Hono;
const shell = '<!doctype html><title>Verba</title><script>window.boot=1</script>';
const script = `console.log(${JSON.stringify('x'.repeat(2000))});`;

beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), 'verba-site-'));
  mkdirSync(join(root, 'assets'));
  writeFileSync(join(root, 'index.html'), shell);
  writeFileSync(join(root, 'assets', 'app-abc123.js'), script);
  site = createStaticSite(root);
  app = new Hono();
  app.on(['GET', 'HEAD'], '*', (c) => site(c));
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('the static site', () => {
  it('serves built files, and the shell for every other path', async () => {
    const asset = await app.request('/assets/app-abc123.js', {
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(asset.status).toBe(200);
    expect(asset.headers.get('content-type')).toMatch(/javascript/);
    expect(asset.headers.get('content-encoding')).toBe('gzip');
    expect(asset.headers.get('cache-control')).toContain('immutable');

    const page = await app.request('/app/words');
    expect(await page.text()).toBe(shell);
    expect(page.headers.get('content-security-policy')).toMatch(/script-src 'self' 'sha256-/);

    const again = await app.request('/app/words', {
      headers: { 'if-none-match': page.headers.get('etag') ?? '' },
    });
    expect(again.status).toBe(304);
  });

  it('answers a file it does not have with a 404 nobody keeps, and pages with the shell', async () => {
    for (const path of [
      '/assets/index-DOESNOTEXIST.js',
      '/assets/fonts/missing.woff2',
      '/assets/no-extension',
      '/icon-512.png',
      '/app/words/old-export.csv',
    ]) {
      const response = await app.request(path);
      expect(response.status, path).toBe(404);
      expect(response.headers.get('cache-control'), path).toBe('no-store');
      expect(response.headers.get('content-type'), path).toMatch(/^text\/plain/);
      expect(await response.text(), path).not.toContain('<title>');
    }
    const head = await app.request('/assets/index-DOESNOTEXIST.js', { method: 'HEAD' });
    expect(head.status).toBe(404);
    for (const path of ['/', '/app/words', '/app/words/2f1c9a3e-1111-4222-8333-944445555666']) {
      const response = await app.request(path);
      expect(response.status, path).toBe(200);
      expect(response.headers.get('cache-control'), path).toBe('no-cache');
      expect(await response.text(), path).toBe(shell);
    }
  });

  it('keeps only files that exist in memory, however many made-up paths are asked for', async () => {
    await app.request('/');
    await app.request('/assets/app-abc123.js');
    const before = site.cachedFiles();
    expect(before).toBe(2);
    for (let i = 0; i < 10_000; i++) {
      const path =
        i % 3 === 0
          ? `/assets/missing-${i}.js`
          : i % 3 === 1
            ? `/app/made-up/${i}`
            : `/../../etc/passwd-${i}`;
      expect((await app.request(path)).status).toBe(i % 3 === 0 ? 404 : 200);
    }
    expect(site.cachedFiles()).toBe(before);
    // Ten thousand requests on a busy machine: the time limit is a guard, not a measure.
  }, 120_000);
});
