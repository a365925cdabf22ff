/** Business constants and limits (spec §9). */
export const EMAIL_MAX_LENGTH = 255;
export const PASSWORD_MIN_LENGTH = 6;
export const PASSWORD_MAX_LENGTH = 72;
/** Display names are free text, shown in one line on the profile. */
export const DISPLAY_NAME_MAX_LENGTH = 80;

export const ONBOARDING_STEPS = 5;
export const ONBOARDING_LAST_STEP = ONBOARDING_STEPS - 1;

export const THEME_STORAGE_KEY = 'theme';
export const THEMES = ['light', 'dark', 'system'] as const;
export type Theme = (typeof THEMES)[number];
export const DEFAULT_THEME: Theme = 'system';

/** Largest JSON body the API accepts; every request the product makes is far smaller. */
export const MAX_JSON_BODY_BYTES = 64 * 1024;

/**
 * Per-learner AI quotas: the spec's client rate limits (§9), which the server enforces too.
 * The server adds a daily cap per learner (AI_DAILY_LIMIT).
 */
export const AI_QUOTAS = {
  wordGeneration: { max: 10, windowSeconds: 60 },
  suggestionRefresh: { max: 5, windowSeconds: 60 },
  groupGeneration: { max: 3, windowSeconds: 300 },
} as const;

/** Caps of the error event payload (spec §3) a browser may report. */
export const CLIENT_ERROR_LIMITS = {
  message: 1000,
  stack: 8000,
  component: 100,
  action: 200,
  metadataKeys: 20,
  metadataKey: 50,
  metadataValue: 500,
} as const;

/** Reports each learner's browser may send, on the server. */
export const CLIENT_ERROR_RATE_LIMIT = { max: 30, windowSeconds: 60 } as const;

/** Statuses the spec treats as retryable (§8). */
export const RETRYABLE_STATUSES = [502, 503, 504] as const;
export function isRetryableStatus(status: number): boolean {
  return (RETRYABLE_STATUSES as readonly number[]).includes(status);
}

/** What a learner can delete and then undo. */
export const DELETED_ITEM_KINDS = ['word', 'group'] as const;
export type DeletedItemKind = (typeof DELETED_ITEM_KINDS)[number];

/**
 * Undo after a delete: the toast offers it for `toastMs`; the server keeps the deleted word or
 * group for `keepSeconds`, longer than the toast so that an Undo tapped at its last moment on a
 * slow connection still arrives in time, then removes it for good.
 */
export const DELETE_UNDO = { toastMs: 8_000, keepSeconds: 30 } as const;
