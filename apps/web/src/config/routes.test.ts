import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { QueryClient } from '@tanstack/react-query';
import type { RouteObject } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { appRoutes } from '@/app/router';
import { feedQueryOptions } from '@/features/practice/api/get-feed';
import { getWordsQueryOptions } from '@/features/words/api/get-words';
import { DEFAULT_WORD_LIST_PARAMS } from '@/features/words/api/word-list-path';
import { statsQueryOptions } from '@/features/progress/api/get-stats';
import { getSessionUser } from '@/lib/core/auth';
import { getProfile, profileWithStatsQueryOptions } from '@/lib/core/profile';
import { earlyReadsScript, preloadSources } from './first-visit';
import {
  GATES,
  PAGE_LIST,
  PAGES,
  PROFILE_READ,
  SESSION_READ,
  skeletonAt,
  type PageId,
} from './routes';

const web = fileURLToPath(new URL('../..', import.meta.url));
const routesDir = join(web, 'src/app/routes');

function files(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? files(join(dir, entry.name)) : [join(dir, entry.name)],
  );
}

/** The paths of a route tree, children included. */
function routePaths(routes: RouteObject[]): string[] {
  return routes.flatMap((route) => [
    ...(route.path ? [route.path] : []),
    ...routePaths(route.children ?? []),
  ]);
}

/**
 * The first read each page makes of its data, through the feature's own query: what the page
 * asks for once its code runs, which the early read must match to be used.
 */
const FIRST_READS: Partial<Record<PageId, (client: QueryClient) => Promise<unknown>>> = {
  feed: (client) => client.fetchQuery(feedQueryOptions()),
  words: (client) => client.fetchInfiniteQuery(getWordsQueryOptions(DEFAULT_WORD_LIST_PARAMS)),
  profile: (client) => client.fetchQuery(profileWithStatsQueryOptions()),
  progress: (client) => client.fetchQuery(statsQueryOptions()),
};

/** Records the addresses fetched while `read` runs; every answer is an empty JSON object. */
async function fetchedBy(read: () => Promise<unknown>): Promise<string[]> {
  const urls: string[] = [];
  vi.stubGlobal('fetch', (url: string) => {
    urls.push(url);
    return Promise.resolve(new Response('{"words":[],"hasMore":false}', { status: 200 }));
  });
  await read().catch(() => undefined);
  return urls;
}

/** Runs index.html's early-reads script at `pathname`; returns the addresses it asks for. */
async function earlyReadsAt(pathname: string, signedIn: boolean): Promise<string[]> {
  const urls: string[] = [];
  const fakeFetch = (url: string) => {
    urls.push(url);
    const body = url === SESSION_READ && signedIn ? { user: { id: 'u' } } : {};
    return Promise.resolve(new Response(JSON.stringify(body), { status: 200 }));
  };
  const window: Record<string, unknown> = { fetch: fakeFetch };
  new Function('window', 'location', 'fetch', earlyReadsScript())(window, { pathname }, fakeFetch);
  await new Promise((resolve) => setTimeout(resolve, 0));
  return urls;
}

afterEach(() => vi.unstubAllGlobals());

describe('the route manifest', () => {
  it("names each page's module, which exports the page's component", () => {
    for (const page of PAGE_LIST) {
      const file = join(routesDir, `${page.module}.tsx`);
      expect(existsSync(file), `${page.id}: ${relative(web, file)}`).toBe(true);
      expect(readFileSync(file, 'utf8'), `${page.id} exports ${page.component}`).toMatch(
        new RegExp(`export (function|const) ${page.component}\\b`),
      );
    }
  });

  it('lists every route module but the layouts', () => {
    const listed = new Set(PAGE_LIST.map((page) => `${page.module}.tsx`));
    const modules = files(routesDir)
      .map((file) => relative(routesDir, file))
      .filter((file) => file.endsWith('.tsx') && !file.endsWith('-layout.tsx'));
    for (const module of modules) {
      expect(listed.has(module), `src/app/routes/${module} is in config/routes.ts`).toBe(true);
    }
  });

  it('gives each page one address, inside its gate and its parent', () => {
    const paths = PAGE_LIST.map((page) => page.path);
    expect(new Set(paths).size).toBe(paths.length);
    for (const page of PAGE_LIST) {
      if (page.gate === 'public') {
        expect(skeletonAt(page.path), `${page.id} is outside every gate`).toBeUndefined();
      } else {
        const { prefix } = GATES[page.gate];
        expect(page.path === prefix || page.path.startsWith(`${prefix}/`), page.id).toBe(true);
      }
      if (page.parent) {
        const parent = PAGE_LIST.find((candidate) => candidate.id === page.parent);
        expect(parent, `${page.id}'s parent`).toBeDefined();
        expect(page.path.startsWith(`${parent?.path}/`)).toBe(true);
        expect(page.gate).toBe(parent?.gate);
      }
    }
  });

  it('is what the router is made of', () => {
    expect(routePaths(appRoutes).sort()).toEqual(
      [...PAGE_LIST.map((page) => page.path), GATES.app.prefix].sort(),
    );
  });

  it("paints each gated page's own skeleton, with its heading", () => {
    for (const page of PAGE_LIST) {
      if (page.gate === 'public') continue;
      const skeleton = skeletonAt(page.path.replace(/:[^/]+/g, '0'));
      expect(skeleton?.kind, page.id).toBe(page.skeleton ?? GATES[page.gate].skeleton);
      expect(skeleton?.heading, page.id).toBe(page.heading);
      if (skeleton?.kind === 'auth-card') {
        expect(page.heading && page.description, `${page.id}'s card`).toBeTruthy();
      }
    }
    // Addresses of no page inside a gate still paint the gate's skeleton.
    expect(skeletonAt('/app/nothing-here')).toEqual({ kind: 'app-frame' });
    expect(skeletonAt('/auth/nothing-here')).toEqual({ kind: 'loading-screen' });
  });

  it('preloads the modules of every page a first visit opens by its address', () => {
    const preloads = preloadSources();
    for (const page of PAGE_LIST.filter((p) => !p.path.includes(':') && p.path !== '*')) {
      const sources = preloads[page.path];
      expect(sources, page.id).toContain(`src/app/routes/${page.module}.tsx`);
      for (const source of sources ?? []) expect(existsSync(join(web, source)), source).toBe(true);
    }
    // The entry renders the landing page without the router, from its own module.
    const main = readFileSync(join(web, 'src/main.tsx'), 'utf8');
    for (const page of PAGE_LIST.filter((p) => p.standalone)) {
      expect(preloads[page.path]).toEqual([`src/app/routes/${page.module}.tsx`]);
      expect(main).toContain(`import('./app/routes/${page.module}')`);
    }
  });
});

describe("the early reads (index.html's inline script)", () => {
  it('ask for the session and the profile as the app does', async () => {
    expect(await fetchedBy(() => getSessionUser())).toEqual([SESSION_READ]);
    expect(await fetchedBy(() => getProfile())).toEqual([PROFILE_READ]);
  });

  it.each(PAGE_LIST.filter((page) => page.gate === 'app'))(
    'ask for the first data of the $id page at the address it then reads',
    async (page) => {
      const path = page.path.replace(/:[^/]+/g, '00000000-0000-4000-8000-000000000000');
      const early = await earlyReadsAt(path, true);
      expect(early).toEqual([SESSION_READ, PROFILE_READ, ...(page.earlyReads ?? [])]);
      const read = FIRST_READS[page.id];
      expect(Boolean(read), `FIRST_READS names ${page.id}'s first read`).toBe(
        Boolean(page.earlyReads?.length),
      );
      if (read) {
        const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
        expect(await fetchedBy(() => read(client))).toEqual(page.earlyReads);
      }
    },
  );

  it('ask on a sign-in page for the rest only once someone is signed in', async () => {
    expect(await earlyReadsAt(PAGES.login.path, false)).toEqual([SESSION_READ]);
    expect(await earlyReadsAt(PAGES.login.path, true)).toEqual([SESSION_READ, PROFILE_READ]);
  });

  it('ask for nothing on public pages', async () => {
    expect(await earlyReadsAt(PAGES.landing.path, true)).toEqual([]);
    expect(await earlyReadsAt(PAGES.howWeMeasured.path, true)).toEqual([]);
  });
});
