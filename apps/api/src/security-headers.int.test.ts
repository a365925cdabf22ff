import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOCKED_DOWN_CSP } from './lib/security-headers.ts';
import { TestHarness, type TestUser } from './testing/harness.ts';

// A small built web app: the shell with an inline script, a hashed script, a stylesheet, an
// image and the service worker.
let webRoot: string;
let http: TestHarness;
let https: TestHarness;
const users = new Map<TestHarness, TestUser>();

beforeAll(async () => {
  webRoot = mkdtempSync(join(tmpdir(), 'verba-web-'));
  mkdirSync(join(webRoot, 'assets'));
  mkdirSync(join(webRoot, 'icons'));
  writeFileSync(
    join(webRoot, 'index.html'),
    '<!doctype html><title>Verba</title><script>document.documentElement.dataset.x="1"</script>',
  );
  writeFileSync(join(webRoot, 'assets', 'index-abc123.js'), 'console.log(1);');
  writeFileSync(join(webRoot, 'assets', 'index-abc123.css'), 'body{margin:0}');
  writeFileSync(join(webRoot, 'icons', 'icon-192.png'), Buffer.from([0x89, 0x50, 0x4e, 0x47]));
  writeFileSync(join(webRoot, 'sw.js'), 'self.addEventListener("fetch", () => {});');
  http = await TestHarness.start({ webRoot });
  https = await TestHarness.onDatabase(http.database, {
    webRoot,
    env: { PUBLIC_URL: 'https://verba.example.org' },
  });
  for (const t of [http, https]) users.set(t, await t.signUp());
});
afterAll(async () => {
  await http.close();
  rmSync(webRoot, { recursive: true, force: true });
});

type Kind = 'locked' | 'page';
const RESPONSES: [string, string, RequestInit & { signedIn?: true }, Kind, number][] = [
  ['JSON answer', '/api/health', {}, 'locked', 200],
  ['signed-in JSON answer', '/api/profile', { signedIn: true }, 'locked', 200],
  ['unknown API path (404 JSON)', '/api/no-such-route', {}, 'locked', 404],
  ['refused anonymous call (401 JSON)', '/api/profile', {}, 'locked', 401],
  ['method not allowed', '/api/health', { method: 'DELETE' }, 'locked', 405],
  ['the home page', '/', {}, 'page', 200],
  ['an app page', '/app/feed', {}, 'page', 200],
  ['an unknown page (the shell draws its 404)', '/no/such/page', {}, 'page', 200],
  ['a script', '/assets/index-abc123.js', {}, 'page', 200],
  ['the service worker', '/sw.js', {}, 'page', 200],
  ['a stylesheet', '/assets/index-abc123.css', {}, 'locked', 200],
  ['a missing script (404)', '/assets/index-DOESNOTEXIST.js', {}, 'locked', 404],
  ['an image', '/icons/icon-192.png', {}, 'locked', 200],
];

describe('security headers', () => {
  it.each(RESPONSES)('are on %s', async (_name, path, init, kind, status) => {
    const { signedIn, ...rest } = init;
    for (const t of [http, https]) {
      const cookie = signedIn ? users.get(t)?.cookie : undefined;
      const response = await t.request(path, { ...rest, ...(cookie ? { cookie } : {}) });
      expect(response.status).toBe(status);
      const h = response.headers;
      expect(h.get('x-content-type-options')).toBe('nosniff');
      expect(h.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
      expect(h.get('x-frame-options')).toBe('DENY');
      expect(h.get('cross-origin-opener-policy')).toBe('same-origin');
      const csp = h.get('content-security-policy');
      if (kind === 'locked') {
        expect(csp).toBe(LOCKED_DOWN_CSP);
      } else {
        // Pages and scripts keep the shell's policy: its own scripts, by hash, and nothing else.
        expect(csp).toMatch(/^default-src 'self'; script-src 'self' 'sha256-[^']+'/);
        expect(csp).toContain("frame-ancestors 'none'");
      }
      if (t === https) {
        expect(h.get('strict-transport-security')).toBe('max-age=31536000; includeSubDomains');
      } else {
        expect(h.get('strict-transport-security')).toBeNull();
      }
    }
  });

  it('are on a page answered from the browser cache (304)', async () => {
    const first = await http.request('/');
    const again = await http.request('/', {
      headers: { 'if-none-match': first.headers.get('etag') ?? '' },
    });
    expect(again.status).toBe(304);
    expect(again.headers.get('content-security-policy')).toBe(
      first.headers.get('content-security-policy'),
    );
    expect(again.headers.get('x-content-type-options')).toBe('nosniff');
  });
});
