import { DEFAULT_THEME, THEME_STORAGE_KEY, THEMES, type Theme } from '@verba/shared';

export type ResolvedTheme = 'light' | 'dark';

/** Anything but a known theme name (missing, corrupted, old) means the default: system. */
export function parseTheme(value: string | null | undefined): Theme {
  return (THEMES as readonly string[]).includes(value ?? '') ? (value as Theme) : DEFAULT_THEME;
}

export function resolveTheme(theme: Theme, systemPrefersDark: boolean): ResolvedTheme {
  if (theme === 'system') return systemPrefersDark ? 'dark' : 'light';
  return theme;
}

const DARK_QUERY = '(prefers-color-scheme: dark)';
// The page background of each theme, for the browser's own chrome (status bar, task switcher).
const THEME_COLORS: Record<ResolvedTheme, string> = { light: '#ffffff', dark: '#0b0b14' };

function readStoredTheme(): Theme {
  try {
    return parseTheme(window.localStorage.getItem(THEME_STORAGE_KEY));
  } catch {
    return DEFAULT_THEME;
  }
}

function systemPrefersDark(): boolean {
  return window.matchMedia(DARK_QUERY).matches;
}

/** Mirrors the inline script in index.html, which does the same before the first paint. */
function applyTheme(theme: Theme) {
  const resolved = resolveTheme(theme, systemPrefersDark());
  const root = document.documentElement;
  root.classList.toggle('dark', resolved === 'dark');
  root.style.colorScheme = resolved;
  for (const meta of document.head.querySelectorAll('meta[name="theme-color"]')) {
    meta.setAttribute('content', THEME_COLORS[resolved]);
  }
}

type Listener = () => void;
const listeners = new Set<Listener>();
let current: Theme | undefined;

function notify() {
  for (const listener of listeners) listener();
}

export function getTheme(): Theme {
  current ??= readStoredTheme();
  return current;
}

export function getResolvedTheme(): ResolvedTheme {
  return resolveTheme(getTheme(), systemPrefersDark());
}

export function setTheme(theme: Theme) {
  current = theme;
  try {
    window.localStorage.setItem(THEME_STORAGE_KEY, theme);
  } catch {
    // Storage can be unavailable (private mode, quota); the choice still holds for this visit.
  }
  applyTheme(theme);
  notify();
}

export function subscribeTheme(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * Keeps the page in step with the system setting (when the theme is "system") and with choices
 * made in other tabs. Runs once at start-up.
 */
export function startThemeSync() {
  applyTheme(getTheme());
  window.matchMedia(DARK_QUERY).addEventListener('change', () => {
    applyTheme(getTheme());
    notify();
  });
  window.addEventListener('storage', (event) => {
    if (event.key !== THEME_STORAGE_KEY && event.key !== null) return;
    current = readStoredTheme();
    applyTheme(current);
    notify();
  });
}
