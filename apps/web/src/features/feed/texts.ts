/** The feed's texts: the spec's own (§2 "Feed", §8) verbatim, and Verba's wording around them. */
export const FEED_TEXT = {
  // Spec §2 "Feed" and §8, verbatim.
  quickReviewTitle: 'Quick Review Available',
  caughtUpTitle: 'All caught up!',
  infinityPractice: 'Infinity Practice',
  failedTitle: 'Session Generation Failed',
  checkMyWords: 'Check My Words',
  retry: 'Retry',
  startNewPractice: 'Start New Practice',
  // Verba's wording.
  /** `again`: new words answered wrongly, practised again rather than due again. */
  quickReviewText: (due: number, again: number) => {
    const dueAgain = due - again;
    const parts = [
      dueAgain > 0 && `${dueAgain} ${dueAgain === 1 ? 'word is' : 'words are'} due again`,
      again > 0 &&
        `${again} new ${again === 1 ? 'word is' : 'words are'} ready to be practised again`,
    ].filter(Boolean);
    return `You finished a session within the last hour, and ${parts.join(' and ')}.`;
  },
  startQuickReview: 'Start Quick Review',
  caughtUpText: 'No words are due right now. Keep going with infinity practice.',
  nextReview: 'Next review:',
  failedText: 'Unable to generate practice items. Please try again.',
  completeTitle: 'Session complete!',
  completeText: 'Every word of this session is scheduled for its next review.',
  preparing: 'Preparing your session...',
  progressLabel: 'Session progress',
} as const;
