/** Every client route in one place, so links and redirects never drift apart. */
export const paths = {
  home: '/',
  auth: {
    login: '/auth/login',
    signup: '/auth/signup',
    forgotPassword: '/auth/forgot-password',
    resetPassword: '/auth/reset-password',
  },
  howWeMeasured: '/how-we-measured',
  /** Opened from the confirmation link mailed at sign-up (REQUIRE_EMAIL_VERIFICATION). */
  verifyEmail: '/verify-email',
  onboarding: '/onboarding',
  app: {
    root: '/app',
    feed: '/app/feed',
    words: '/app/words',
    wordsImport: '/app/words/import',
    word: (id: string) => `/app/words/${encodeURIComponent(id)}`,
    groups: '/app/groups',
    group: (id: string) => `/app/groups/${encodeURIComponent(id)}`,
    profile: '/app/profile',
    progress: '/app/progress',
    admin: '/app/admin',
    practiceInfinity: '/app/practice/infinity',
    /** Infinity practice over one group's words only. */
    practiceGroup: (id: string) => `/app/practice/infinity?group=${encodeURIComponent(id)}`,
  },
} as const;
