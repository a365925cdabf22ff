import { createRoute } from '@hono/zod-openapi';
import { completeOnboardingSchema, profileSchema, updateProfileSchema } from '@verba/shared';
import { authCookie, createRouter, errorResponses, jsonContent } from '../../lib/openapi.ts';
import {
  completeOnboarding,
  getProfile,
  getProfileWithStats,
  updateProfile,
} from './profile.service.ts';

const read = createRoute({
  method: 'get',
  path: '/profile',
  tags: ['profile'],
  summary: "The signed-in user's profile",
  security: authCookie,
  responses: { 200: jsonContent(profileSchema, 'The profile'), ...errorResponses(401) },
});

const readWithStats = createRoute({
  method: 'get',
  path: '/profile/stats',
  tags: ['profile'],
  summary:
    'The profile with its word counts taken from the words themselves, for the profile screen',
  security: authCookie,
  responses: { 200: jsonContent(profileSchema, 'The profile'), ...errorResponses(401) },
});

const update = createRoute({
  method: 'patch',
  path: '/profile',
  tags: ['profile'],
  summary: 'Change display name, languages or the analytics preference',
  security: authCookie,
  request: {
    body: { ...jsonContent(updateProfileSchema, 'The fields to change'), required: true },
  },
  responses: {
    200: jsonContent(profileSchema, 'The updated profile'),
    ...errorResponses(400, 401, 415),
  },
});

const onboarding = createRoute({
  method: 'post',
  path: '/profile/onboarding',
  tags: ['profile'],
  summary: 'Save the chosen languages and finish onboarding',
  security: authCookie,
  request: {
    body: {
      ...jsonContent(completeOnboardingSchema, 'Native and target language'),
      required: true,
    },
  },
  responses: {
    200: jsonContent(profileSchema, 'The profile, onboarding completed'),
    ...errorResponses(400, 401, 415),
  },
});

export const profileRoutes = createRouter()
  .openapi(read, async (c) => {
    const { db, clock } = c.get('services');
    return c.json(await getProfile(db, c.get('user'), clock()), 200);
  })
  .openapi(readWithStats, async (c) =>
    c.json(
      await getProfileWithStats(c.get('services').db, c.get('user'), c.get('services').clock()),
      200,
    ),
  )
  .openapi(update, async (c) => {
    const { db, events } = c.get('services');
    const profile = await updateProfile(db, c.get('user'), c.req.valid('json'));
    // Live updates: the learner's other tabs and devices refresh their profile.
    await events.publish({ userId: profile.id, kind: 'profile.changed' });
    return c.json(profile, 200);
  })
  .openapi(onboarding, async (c) => {
    const { db, events } = c.get('services');
    const profile = await completeOnboarding(db, c.get('user'), c.req.valid('json'));
    await events.publish({ userId: profile.id, kind: 'profile.changed' });
    return c.json(profile, 200);
  });
