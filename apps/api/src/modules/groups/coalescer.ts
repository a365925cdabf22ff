/**
 * Background work per learner, coalesced: at most one run at a time for a learner, a first
 * request waits a moment (the debounce) for others to join it, and after a run starts the next
 * waits out a cooldown; requests meanwhile fold into that one next run. So ten words saved in a
 * minute cost at most two runs (one soon, one when the minute is over). The run itself may answer
 * that another server process has the learner's turn; then the request waits for it here.
 */
export type RunMode = 'incremental' | 'full';

/**
 * What a run did: true when it did real work (the cooldown follows), false when there was nothing
 * to do, or how long to wait when another server process ran for this learner moments ago.
 */
export type RunOutcome = boolean | { retryAfterMs: number };

export interface CoalescerOptions {
  run: (userId: string, mode: RunMode) => Promise<RunOutcome>;
  /** Least time between the starts of two runs for one learner. */
  cooldownMs: number;
  /** How long a first request waits for others to join it (a burst of saves). */
  debounceMs?: number;
  now?: () => number;
  /** Called when a run throws (the run reports its own failures; this is the last resort). */
  onError?: (error: unknown, userId: string) => void;
}

export interface Coalescer {
  /**
   * Asks for a run. `immediate` (the Generate button) skips the cooldown but never overlaps a
   * running one. Answers whether a run started now or one is queued.
   */
  request: (
    userId: string,
    mode: RunMode,
    options?: { immediate?: boolean },
  ) => 'started' | 'queued';
  /** Whether a run is under way for this learner. */
  busy: (userId: string) => boolean;
  /**
   * Starts every waiting run now, except those another process holds off, and resolves when
   * nothing is running (tests, shutdown).
   */
  flush: () => Promise<void>;
  /** Resolves when no run is under way; waiting runs stay waiting. */
  idle: () => Promise<void>;
  close: () => void;
}

interface UserState {
  running: Promise<void> | undefined;
  pending: RunMode | undefined;
  lastStartedAt: number;
  /** Until when another process holds this learner's turn. */
  deferredUntil: number;
  timer: ReturnType<typeof setTimeout> | undefined;
}

const merge = (a: RunMode | undefined, b: RunMode): RunMode =>
  a === 'full' || b === 'full' ? 'full' : 'incremental';

export function createCoalescer({
  run,
  cooldownMs,
  debounceMs = 0,
  now = Date.now,
  onError,
}: CoalescerOptions): Coalescer {
  const users = new Map<string, UserState>();
  let closed = false;

  const readyAt = (state: UserState) =>
    Math.max(state.lastStartedAt + cooldownMs, state.deferredUntil);

  const schedule = (userId: string, state: UserState, delayMs: number) => {
    if (state.timer) clearTimeout(state.timer);
    state.timer = setTimeout(() => {
      state.timer = undefined;
      if (state.pending && !state.running) start(userId, state, state.pending);
      else if (!state.running && !state.pending) users.delete(userId);
    }, delayMs);
    state.timer.unref?.();
  };

  const start = (userId: string, state: UserState, mode: RunMode) => {
    if (closed) return;
    state.pending = undefined;
    const previousStart = state.lastStartedAt;
    state.lastStartedAt = now();
    state.running = run(userId, mode)
      .then(
        (outcome) => {
          if (outcome === true) return;
          state.lastStartedAt = previousStart;
          if (outcome === false) return;
          state.pending = merge(state.pending, mode);
          state.deferredUntil = now() + outcome.retryAfterMs;
        },
        (error: unknown) => onError?.(error, userId),
      )
      .finally(() => {
        state.running = undefined;
        if (closed) {
          users.delete(userId);
          return;
        }
        const wait = Math.max(0, readyAt(state) - now());
        // Either the queued run when the cooldown ends, or forgetting the learner then.
        schedule(userId, state, wait);
      });
  };

  return {
    request: (userId, mode, { immediate = false } = {}) => {
      const state = users.get(userId) ?? {
        running: undefined,
        pending: undefined,
        lastStartedAt: Number.NEGATIVE_INFINITY,
        deferredUntil: Number.NEGATIVE_INFINITY,
        timer: undefined,
      };
      users.set(userId, state);
      const coolingDown = readyAt(state) > now();
      if (state.running || (!immediate && (coolingDown || debounceMs > 0))) {
        state.pending = merge(state.pending, mode);
        if (!state.running && !state.timer) {
          const wait = coolingDown ? readyAt(state) - now() : debounceMs;
          schedule(userId, state, wait);
        }
        return 'queued';
      }
      if (state.timer) clearTimeout(state.timer);
      state.timer = undefined;
      start(userId, state, merge(state.pending, mode));
      return 'started';
    },
    busy: (userId) => {
      const state = users.get(userId);
      return Boolean(state?.running);
    },
    flush: async () => {
      for (;;) {
        const running = [...users.values()].flatMap((s) => (s.running ? [s.running] : []));
        for (const [userId, state] of users) {
          // A run another process holds off stays on its timer, or this would spin.
          if (state.pending && !state.running && state.deferredUntil <= now()) {
            if (state.timer) clearTimeout(state.timer);
            state.timer = undefined;
            start(userId, state, state.pending);
            if (state.running) running.push(state.running);
          }
        }
        if (running.length === 0) return;
        await Promise.all(running);
        // The runs' own finally blocks run before this continues.
        await Promise.resolve();
      }
    },
    idle: async () => {
      for (;;) {
        const running = [...users.values()].flatMap((s) => (s.running ? [s.running] : []));
        if (running.length === 0) return;
        await Promise.all(running);
        await Promise.resolve();
      }
    },
    // Nothing starts after this; runs under way stay known, so `idle` waits for them before the
    // database closes.
    close: () => {
      closed = true;
      for (const [userId, state] of users) {
        if (state.timer) clearTimeout(state.timer);
        state.timer = undefined;
        state.pending = undefined;
        if (!state.running) users.delete(userId);
      }
    },
  };
}
