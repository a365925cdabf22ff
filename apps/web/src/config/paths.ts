/** Every client route in one place, so links and redirects never drift apart. */
export const paths = {
  home: '/',
  auth: {
    login: '/auth/login',
    signup: '/auth/signup',
  },
  howWeMeasured: '/how-we-measured',
  onboarding: '/onboarding',
  app: {
    root: '/app',
    feed: '/app/feed',
    words: '/app/words',
    word: (id: string) => `/app/words/${encodeURIComponent(id)}`,
    groups: '/app/groups',
    group: (id: string) => `/app/groups/${encodeURIComponent(id)}`,
    profile: '/app/profile',
    practiceInfinity: '/app/practice/infinity',
    /** Infinity practice over one group's words only. */
    practiceGroup: (id: string) => `/app/practice/infinity?group=${encodeURIComponent(id)}`,
  },
} as const;
