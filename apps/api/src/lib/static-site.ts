import { createHash } from 'node:crypto';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { extname, join, normalize, sep } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Context } from 'hono';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.txt': 'text/plain; charset=utf-8',
  '.md': 'text/markdown; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
  '.woff2': 'font/woff2',
};
const COMPRESSIBLE = /^(text\/|application\/(json|manifest\+json|xml)|image\/svg)/;

interface Asset {
  body: Uint8Array;
  gzipped: Uint8Array | undefined;
  type: string;
  etag: string;
}

export interface StaticSite {
  (c: Context): Response;
  /** How many files are held in memory. */
  cachedFiles: () => number;
}

/**
 * Serves the built web app: files from the build, a 404 for a file it does not have, and
 * index.html for every other path so the client router can draw the page (including its 404
 * page). Files are read once and kept in
 * memory, gzipped when that helps; hashed assets are cached for a year, the shell never.
 */
export function createStaticSite(
  root: string,
  /** Origins the pages may also send requests to (the analytics host, when configured). */
  connectSources: string[] = [],
): StaticSite {
  // Only files that exist are kept, so the cache can never grow past the build's own size,
  // whatever paths anonymous callers make up.
  const cache = new Map<string, Asset>();
  const indexHtml = join(root, 'index.html');
  const contentSecurityPolicy = existsSync(indexHtml)
    ? buildCsp(readFileSync(indexHtml, 'utf8'), connectSources)
    : undefined;

  function load(file: string): Asset | null {
    const cached = cache.get(file);
    if (cached) return cached;
    if (!existsSync(file) || !statSync(file).isFile()) return null;
    const body = readFileSync(file);
    const type = TYPES[extname(file)] ?? 'application/octet-stream';
    const gzipped = COMPRESSIBLE.test(type) && body.length > 512 ? gzipSync(body) : undefined;
    const asset: Asset = {
      body,
      gzipped,
      type,
      etag: `"${createHash('sha1').update(body).digest('base64url')}"`,
    };
    cache.set(file, asset);
    return asset;
  }

  function serve(c: Context): Response {
    let relative: string;
    try {
      relative = normalize(decodeURIComponent(c.req.path)).replace(/^([/\\])+/, '');
    } catch {
      relative = '';
    }
    const candidate = join(root, relative);
    const inside =
      candidate.startsWith(root + sep) && !relative.split(/[/\\]/).some((p) => p.startsWith('.'));
    const file = inside ? load(candidate) : null;
    // Only a navigation gets the shell. A missing script or image (an old build's, during a
    // rolling deploy) is a 404 that nobody keeps, never HTML cached for a year in its place.
    if (!file && isFilePath(relative)) {
      return new Response(c.req.method === 'HEAD' ? null : 'Not found', {
        status: 404,
        headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' },
      });
    }
    const asset = file ?? load(indexHtml);
    if (!asset) return c.text('The web app has not been built. Run `npm run build`.', 503);

    const isShell = !file || candidate === indexHtml;
    const headers = new Headers({
      'Content-Type': asset.type,
      ETag: asset.etag,
      'Cache-Control': relative.startsWith('assets/')
        ? 'public, max-age=31536000, immutable'
        : 'no-cache',
      Vary: 'Accept-Encoding',
    });
    // The shell's policy also covers scripts: a service worker takes its policy from its own
    // script's response. Other files get the locked-down default (security-headers.ts).
    if (contentSecurityPolicy && (isShell || asset.type.startsWith('text/javascript')))
      headers.set('Content-Security-Policy', contentSecurityPolicy);
    if (c.req.header('if-none-match') === asset.etag)
      return new Response(null, { status: 304, headers });
    const useGzip = asset.gzipped && /\bgzip\b/.test(c.req.header('accept-encoding') ?? '');
    if (useGzip) headers.set('Content-Encoding', 'gzip');
    const body =
      c.req.method === 'HEAD'
        ? null
        : ((useGzip ? asset.gzipped : asset.body) as Uint8Array<ArrayBuffer>);
    return new Response(body, { status: 200, headers });
  }

  return Object.assign(serve, { cachedFiles: () => cache.size });
}

/** A path that names a file rather than a page: anything under assets/, or with an extension. */
function isFilePath(relative: string): boolean {
  const name = relative.split(/[/\\]/).at(-1) ?? '';
  return relative.startsWith('assets/') || /\.[A-Za-z0-9]+$/.test(name);
}

/** Allows exactly the inline scripts the shell ships (by hash) and nothing from elsewhere. */
function buildCsp(html: string, connectSources: string[]): string {
  const hashes = [...html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)].map(
    (m) =>
      `'sha256-${createHash('sha256')
        .update(m[1] ?? '')
        .digest('base64')}'`,
  );
  return [
    "default-src 'self'",
    `script-src 'self' ${hashes.join(' ')}`.trim(),
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self'",
    ["connect-src 'self'", ...connectSources].join(' '),
    "manifest-src 'self'",
    "worker-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}
