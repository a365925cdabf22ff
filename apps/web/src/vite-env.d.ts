/// <reference types="vite/client" />

declare module 'virtual:scheduling-benchmark' {
  /** The scheduling benchmark report as HTML, rendered at build time; null when not written. */
  const html: string | null;
  export default html;
}
