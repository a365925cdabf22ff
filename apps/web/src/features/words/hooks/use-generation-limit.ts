import { useEffect, useMemo } from 'react';
import { AI_QUOTAS } from '@verba/shared';
import { createRateLimiter } from './rate-limiter';

const STORAGE_KEY = 'verba-rate-limit-word-generation';
const CLEAN_EVERY_MS = 60_000;

/** WORD_GENERATION: 10 cards per 60 s on this device, cleaned every 60 s. */
export function useGenerationLimit() {
  const limiter = useMemo(
    () =>
      createRateLimiter(STORAGE_KEY, {
        max: AI_QUOTAS.wordGeneration.max,
        windowMs: AI_QUOTAS.wordGeneration.windowSeconds * 1000,
      }),
    [],
  );
  useEffect(() => {
    limiter.clean();
    const timer = setInterval(() => limiter.clean(), CLEAN_EVERY_MS);
    return () => clearInterval(timer);
  }, [limiter]);
  return limiter;
}
