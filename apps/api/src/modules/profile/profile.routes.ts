import { createRoute } from '@hono/zod-openapi';
import { completeOnboardingSchema, profileSchema, updateProfileSchema } from '@verba/shared';
import { authCookie, createRouter, errorResponses, jsonContent } from '../../lib/openapi.ts';
import { completeOnboarding, getProfile, updateProfile } from './profile.service.ts';

const read = createRoute({
  method: 'get',
  path: '/profile',
  tags: ['profile'],
  summary: "The signed-in user's profile",
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
  .openapi(read, async (c) => c.json(await getProfile(c.get('services').db, c.get('user')), 200))
  .openapi(update, async (c) =>
    c.json(await updateProfile(c.get('services').db, c.get('user'), c.req.valid('json')), 200),
  )
  .openapi(onboarding, async (c) =>
    c.json(await completeOnboarding(c.get('services').db, c.get('user'), c.req.valid('json')), 200),
  );
