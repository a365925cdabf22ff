import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { ACCESS_TEXT, SCREEN_TEXT, type AuthOptions } from '@verba/shared';
import { renderInApp } from '@/testing/render';
import { LoginForm } from './login-form';
import { SignupForm } from './signup-form';
import { SsoLinkButton } from './sso-link-button';

const LABEL = 'Sign in with Keycloak';

/** The server's GET /api/auth/options answer; every other call would be a bug here. */
function serverSays(options: AuthOptions) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (path: string) =>
      path === '/api/auth/options'
        ? Response.json(options)
        : Response.json({ error: { code: 'NOT_FOUND' } }, { status: 404 }),
    ),
  );
}
afterEach(() => vi.unstubAllGlobals());

const withSso = (ssoOnly: boolean): AuthOptions => ({
  signup: 'open',
  passwordResetByEmail: false,
  sso: { label: LABEL },
  ssoOnly,
});

const screens = [
  { name: 'sign-in', ui: <LoginForm />, path: '/auth/login', submit: SCREEN_TEXT.signIn },
  { name: 'sign-up', ui: <SignupForm />, path: '/auth/signup', submit: SCREEN_TEXT.signUp },
];

describe.each(screens)('the $name screen', ({ ui, path, submit }) => {
  it("offers only the provider's button when the server says OIDC_ONLY", async () => {
    serverSays(withSso(true));
    renderInApp(ui, { path });
    expect(await screen.findByRole('button', { name: LABEL })).toBeVisible();
    expect(screen.queryByLabelText('Email')).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Password')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: submit })).not.toBeInTheDocument();
    expect(screen.queryByText(ACCESS_TEXT.ssoOr)).not.toBeInTheDocument();
    expect(screen.queryByText(ACCESS_TEXT.forgotPassword)).not.toBeInTheDocument();
  });

  it("offers the provider's button and the password form otherwise", async () => {
    serverSays(withSso(false));
    renderInApp(ui, { path });
    expect(await screen.findByRole('button', { name: LABEL })).toBeVisible();
    expect(screen.getByText(ACCESS_TEXT.ssoOr)).toBeVisible();
    expect(screen.getByLabelText('Email')).toBeVisible();
    expect(screen.getByLabelText('Password')).toBeVisible();
    expect(screen.getByRole('button', { name: submit })).toBeVisible();
  });

  it('offers the password form alone without single sign-on', async () => {
    serverSays({ signup: 'open', passwordResetByEmail: false, sso: null, ssoOnly: false });
    const { queryClient } = renderInApp(ui, { path });
    await vi.waitFor(() => expect(queryClient.getQueryData(['auth-options'])).toBeDefined());
    expect(screen.getByRole('button', { name: submit })).toBeVisible();
    expect(screen.queryByRole('button', { name: LABEL })).not.toBeInTheDocument();
  });
});

describe('the profile’s link to the provider', () => {
  it('says why a link the provider refused did not happen, and nothing otherwise', async () => {
    serverSays(withSso(false));
    const { unmount } = renderInApp(<SsoLinkButton />, {
      path: '/app/profile?error=unable_to_link_account',
    });
    expect(await screen.findByRole('button', { name: `Link ${LABEL}` })).toBeVisible();
    expect(screen.getByRole('alert')).toHaveTextContent(ACCESS_TEXT.ssoLinkFailed);
    unmount();

    renderInApp(<SsoLinkButton />, { path: '/app/profile' });
    expect(await screen.findByRole('button', { name: `Link ${LABEL}` })).toBeVisible();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
