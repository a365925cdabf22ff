import { useEffect } from 'react';

export const SITE_NAME = 'Verba';
const OG_IMAGE = '/og-image.png';

export interface PageMeta {
  /** The page's own title; the site name is appended. */
  title: string;
  description: string;
  /** Pages behind sign-in and error pages are kept out of search results. */
  noindex?: boolean;
}

function upsert(selector: string, create: () => HTMLElement, attribute: string, value: string) {
  let element = document.head.querySelector<HTMLElement>(selector);
  if (!element) {
    element = create();
    document.head.appendChild(element);
  }
  element.setAttribute(attribute, value);
}

function setMeta(key: 'name' | 'property', name: string, content: string) {
  upsert(
    `meta[${key}="${name}"]`,
    () => {
      const meta = document.createElement('meta');
      meta.setAttribute(key, name);
      return meta;
    },
    'content',
    content,
  );
}

/** Absolute URLs: crawlers and link previews ignore relative canonical and og:url values. */
function absolute(path: string): string {
  return new URL(path, window.location.origin).href;
}

/**
 * Sets the document title, description, canonical link and Open Graph / Twitter metadata for
 * the current page. index.html carries the landing page's values for crawlers without scripts.
 */
export function usePageMeta({ title, description, noindex = false }: PageMeta) {
  useEffect(() => {
    const fullTitle = title.includes(SITE_NAME) ? title : `${title} | ${SITE_NAME}`;
    const url = absolute(window.location.pathname);
    document.title = fullTitle;
    setMeta('name', 'description', description);
    setMeta('name', 'robots', noindex ? 'noindex, nofollow' : 'index, follow');
    upsert(
      'link[rel="canonical"]',
      () => {
        const link = document.createElement('link');
        link.rel = 'canonical';
        return link;
      },
      'href',
      url,
    );
    setMeta('property', 'og:title', fullTitle);
    setMeta('property', 'og:description', description);
    setMeta('property', 'og:url', url);
    setMeta('property', 'og:image', absolute(OG_IMAGE));
    setMeta('name', 'twitter:title', fullTitle);
    setMeta('name', 'twitter:description', description);
    setMeta('name', 'twitter:image', absolute(OG_IMAGE));
  }, [title, description, noindex]);
}
