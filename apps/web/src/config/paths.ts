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
    profile: '/app/profile',
    practiceInfinity: '/app/practice/infinity',
  },
} as const;
