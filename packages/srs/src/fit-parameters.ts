import type * as BindingModule from '@open-spaced-repetition/binding';
import type { FSRSBindingItem } from '@open-spaced-repetition/binding';
import { DEFAULT_WEIGHTS } from './constants.ts';

/** One answer in a learner's history, as the optimizer needs it. */
export interface FitReview {
  word_id: string;
  /** 1 Again … 4 Easy; the app records 1 (incorrect) or 3 (correct). */
  rating: 1 | 2 | 3 | 4;
  reviewed_at: Date;
  /** Whole days since the previous review of the same word (ignored for its first review). */
  elapsed_days: number;
}

export interface FitInput {
  reviews: readonly FitReview[];
  /** The learner's parameters in use now; defaults to FSRS-6's. */
  current?: readonly number[] | null;
  /** Share of the most recent reviews held out to check the new parameters (default 0.2). */
  holdoutFraction?: number;
  /**
   * 'validated' (default): fit on the older reviews, adopt only if the new parameters predict the held-out
   * recent ones better. 'always': fit on every review and adopt the result (the plain optimizer, for comparison).
   */
  adoption?: 'validated' | 'always';
  /**
   * With 'validated': how much lower (absolute) the new parameters' held-out log loss must be before they
   * are adopted (default 0: any improvement). A margin keeps a learner on parameters that already fit
   * instead of following the noise of each refit.
   */
  minLogLossImprovement?: number;
}

export type FitStatus = 'insufficient-data' | 'kept-current' | 'adopted';

export interface FitResult {
  status: FitStatus;
  /** The parameters to use from now on (the new ones only when status is 'adopted'). */
  parameters: number[];
  reviewCount: number;
  /** Held-out log loss of the current and the newly fitted parameters, when a fit ran. */
  currentLogLoss: number | null;
  candidateLogLoss: number | null;
}

type Binding = typeof BindingModule;
let bindingPromise: Promise<Binding> | null = null;
// Loaded on first use so that importing @verba/srs (e.g. from the web app) never pulls in the native optimizer.
function loadBinding(): Promise<Binding> {
  bindingPromise ??= import('@open-spaced-repetition/binding');
  return bindingPromise;
}

interface TimedItem {
  at: number;
  item: FSRSBindingItem;
}

function buildItems(binding: Binding, reviews: readonly FitReview[]): TimedItem[] {
  const byWord = new Map<string, FitReview[]>();
  for (const review of reviews) {
    const list = byWord.get(review.word_id);
    if (list) list.push(review);
    else byWord.set(review.word_id, [review]);
  }
  const items: TimedItem[] = [];
  for (const list of byWord.values()) {
    list.sort((a, b) => a.reviewed_at.getTime() - b.reviewed_at.getTime());
    const days = list.map((r, i) => (i === 0 ? 0 : Math.max(0, Math.round(r.elapsed_days))));
    const history = list.map((r, i) => new binding.FSRSBindingReview(r.rating, days[i]!));
    // fsrs-rs trains on one item per review after the first, each carrying the word's earlier reviews.
    for (let i = 1; i < list.length; i++) {
      // Reviews all on one day (a session's, an offline batch's) teach it nothing of forgetting,
      // and it aborts the whole process on such an item.
      if (!days.slice(1, i + 1).some((d) => d > 0)) continue;
      items.push({
        at: list[i]!.reviewed_at.getTime(),
        item: new binding.FSRSBindingItem(history.slice(0, i + 1)),
      });
    }
  }
  return items.sort((a, b) => a.at - b.at);
}

function isDefault(parameters: readonly number[]): boolean {
  return (
    parameters.length === DEFAULT_WEIGHTS.length &&
    parameters.every((p, i) => Math.abs(p - DEFAULT_WEIGHTS[i]!) < 1e-4)
  );
}

/** The optimizer's parameters, or null when it judged the data too small (it then answers with the defaults). */
async function fit(binding: Binding, items: FSRSBindingItem[]): Promise<number[] | null> {
  // `timeout` is the wait between progress polls; the training itself takes milliseconds at this size.
  const parameters = await binding.computeParameters(items, {
    enableShortTerm: true,
    numRelearningSteps: 0,
    timeout: 10,
  });
  return isDefault(parameters) ? null : parameters;
}

/**
 * Refits a learner's FSRS-6 parameters from their own review log, and adopts them only if they predict
 * the learner's most recent reviews (held out from the fit) better than the parameters in use.
 * Deterministic for a given log; no I/O. The optimizer itself decides whether there is enough data:
 * when it answers with the default parameters, the result is 'insufficient-data'.
 */
export async function fitLearnerParameters(input: FitInput): Promise<FitResult> {
  const current = [...(input.current ?? DEFAULT_WEIGHTS)];
  const binding = await loadBinding();
  const items = buildItems(binding, input.reviews);
  const base = { reviewCount: input.reviews.length, currentLogLoss: null, candidateLogLoss: null };
  if (input.adoption === 'always') {
    const fitted =
      items.length === 0
        ? null
        : await fit(
            binding,
            items.map((t) => t.item),
          );
    return fitted === null
      ? { status: 'insufficient-data', parameters: current, ...base }
      : { status: 'adopted', parameters: fitted, ...base };
  }
  const holdout = Math.min(0.5, Math.max(0.05, input.holdoutFraction ?? 0.2));
  const cut = Math.floor(items.length * (1 - holdout));
  const train = items.slice(0, cut).map((t) => t.item);
  const test = items.slice(cut).map((t) => t.item);
  if (train.length === 0 || test.length === 0) {
    return { status: 'insufficient-data', parameters: current, ...base };
  }
  const candidate = await fit(binding, train);
  if (candidate === null) {
    return { status: 'insufficient-data', parameters: current, ...base };
  }
  let currentLogLoss: number;
  let candidateLogLoss: number;
  try {
    currentLogLoss = new binding.FSRSBinding(current).evaluate(test).logLoss;
    candidateLogLoss = new binding.FSRSBinding(candidate).evaluate(test).logLoss;
  } catch {
    // The optimizer refuses to score a held-out set without enough long-term reviews.
    return { status: 'insufficient-data', parameters: current, ...base };
  }
  const margin = Math.max(0, input.minLogLossImprovement ?? 0);
  const better = candidateLogLoss < currentLogLoss - margin;
  return {
    status: better ? 'adopted' : 'kept-current',
    parameters: better ? candidate : current,
    reviewCount: input.reviews.length,
    currentLogLoss,
    candidateLogLoss,
  };
}
