// A learner's live-updates stream (GET /api/events) as the suite watches it: every event with the
// time it came, and whether the stream has ended.

export interface WatchedStream {
  events: { event: string; data: string; at: number }[];
  ended: Promise<void>;
  /** Resolves with the first event that `match` accepts, or null after `timeoutMs`. */
  waitFor: (
    match: (event: { event: string; data: string; at: number }) => boolean,
    timeoutMs: number,
  ) => Promise<{ event: string; data: string; at: number } | null>;
  close: () => void;
}

export async function watchStream(url: string, cookie: string): Promise<WatchedStream> {
  const abort = new AbortController();
  const response = await fetch(`${url}/api/events`, { headers: { cookie }, signal: abort.signal });
  if (response.status !== 200) throw new Error(`the stream answered ${response.status}`);
  const reader = response.body?.getReader();
  if (!reader) throw new Error('the stream has no body');
  const events: WatchedStream['events'] = [];
  const decoder = new TextDecoder();
  const ended = (async () => {
    let buffer = '';
    for (;;) {
      const { value, done } = await reader.read().catch(() => ({ value: undefined, done: true }));
      if (done) return;
      buffer += decoder.decode(value, { stream: true });
      for (let end = buffer.indexOf('\n\n'); end >= 0; end = buffer.indexOf('\n\n')) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const event = /^event: (.*)$/m.exec(block)?.[1];
        const data = [...block.matchAll(/^data: (.*)$/gm)].map((m) => m[1]).join('\n');
        if (event) events.push({ event, data, at: performance.now() });
      }
    }
  })();
  const waitFor: WatchedStream['waitFor'] = async (match, timeoutMs) => {
    const since = performance.now();
    for (;;) {
      const found = events.find(match);
      if (found) return found;
      if (performance.now() - since > timeoutMs) return null;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  };
  if (!(await waitFor((e) => e.event === 'ready', 10_000))) throw new Error('no ready event');
  return { events, ended, waitFor, close: () => abort.abort() };
}
