/**
 * What index.html does for a first visit before the app's code runs, made from the route
 * manifest (config/routes.ts) by vite.config.ts: preload the page's modules, and ask for the
 * page's first API reads.
 */
import { GATES, PAGE_LIST, PROFILE_READ, SESSION_READ, type PageEntry } from './routes';

/** The app's entry for every page but a standalone one: the router and the gates' layouts. */
export const APP_MODULE = 'src/app/index.tsx';

/** A page's route modules from the outermost parent in: all of them load before it renders. */
function routeModules(page: PageEntry): string[] {
  const parent = PAGE_LIST.find((candidate) => candidate.id === page.parent);
  return [...(parent ? routeModules(parent) : []), `src/app/routes/${page.module}.tsx`];
}

/**
 * The source modules each page a first visit can open by its exact address needs (the build
 * turns them into the files to preload): the router would otherwise fetch one level at a time.
 */
export function preloadSources(): Record<string, string[]> {
  return Object.fromEntries(
    PAGE_LIST.filter((page) => !page.path.includes(':') && page.path !== '*').map((page) => [
      page.path,
      [...(page.standalone ? [] : [APP_MODULE]), ...routeModules(page)],
    ]),
  );
}

/** Each page's own early reads, by exact path (pages with `:param` segments read none early). */
export function earlyReadsByPath(): Record<string, readonly string[]> {
  return Object.fromEntries(
    PAGE_LIST.filter((page) => page.earlyReads?.length).map((page) => [
      page.path,
      page.earlyReads ?? [],
    ]),
  );
}

const prefixPattern = (prefixes: string[]) =>
  `^(${prefixes.map((prefix) => prefix.replace(/[/]/g, '\\/')).join('|')})(\\/|$)`;

/**
 * The inline script index.html runs before anything else on a gated page: it asks who is signed
 * in, for the profile and for the page's own data while the page's code downloads;
 * lib/core/early-requests.ts hands the answers to the app's first reads. Written into index.html
 * by vite.config.ts from the route manifest.
 */
export function earlyReadsScript(): string {
  const gated = prefixPattern(Object.values(GATES).map((gate) => gate.prefix));
  const signedIn = prefixPattern([GATES.app.prefix]);
  return `(function () {
  var path = location.pathname.replace(/\\/+$/, '');
  if (!/${gated}/.test(path) || !window.fetch) return;
  var reads = (window.__verbaEarlyReads = { responses: {}, closed: false });
  var pageData = ${JSON.stringify(earlyReadsByPath())};
  function start(url) {
    var response = fetch(url, {
      headers: { Accept: 'application/json' },
      credentials: 'same-origin',
    }).then(function (answer) {
      // Read to the end at once, so the request ends even when the app never takes it (its
      // data came from the offline cache); the app reads its own copy.
      answer
        .clone()
        .arrayBuffer()
        .catch(function () {});
      return answer;
    });
    reads.responses[url] = response;
    // Without a network the app asks again itself rather than take this failure.
    response.catch(function () {
      if (reads.responses[url] === response) delete reads.responses[url];
    });
    return response;
  }
  function startSignedInReads() {
    start(${JSON.stringify(PROFILE_READ)});
    (pageData[path] || []).forEach(start);
  }
  var session = start(${JSON.stringify(SESSION_READ)});
  // Whoever opens an app page is almost always signed in: ask for everything at once (a
  // signed-out visitor's answers are refusals nobody reads). Sign-in pages ask for the
  // rest only once the session says someone is signed in.
  if (/${signedIn}/.test(path)) return startSignedInReads();
  session
    .then(function (response) {
      return response.ok ? response.clone().json() : null;
    })
    .then(function (body) {
      if (body && body.user && !reads.closed) startSignedInReads();
    })
    .catch(function () {});
})();`;
}
