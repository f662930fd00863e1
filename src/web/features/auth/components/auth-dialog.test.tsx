import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '@/lib/query-client';
import { AuthProvider } from '@/lib/auth/auth-provider';
import { writeSession } from '@/lib/session-store';
import { apiError, json, stubFetch } from '@/testing/fetch-mock';
import { authUserFixture } from '@/testing/fixtures';
import { AuthDialog } from './auth-dialog';

const Where = () => <p data-testid="where">{useLocation().pathname}</p>;

const renderDialog = (at: string) =>
  render(
    <QueryClientProvider client={createQueryClient()}>
      <AuthProvider>
        <MemoryRouter initialEntries={[at]}>
          <AuthDialog open onOpenChange={() => undefined} tab="signin" onTabChange={() => {}} />
          <Routes>
            <Route path="*" element={<Where />} />
          </Routes>
        </MemoryRouter>
      </AuthProvider>
    </QueryClientProvider>,
  );

beforeEach(() => {
  writeSession(null);
  stubFetch((url) => {
    if (url === '/api/auth/sign-in/email') {
      return json({
        token: 't1',
        user: { id: 'u1', email: 'maya@example.com', emailVerified: true },
      });
    }
    if (url === '/api/auth/get-session') {
      return json({ session: { token: 't1', expiresAt: '2099-01-01T00:00:00.000Z' } });
    }
    if (url === '/api/auth/user') return json(authUserFixture({ email: 'maya@example.com' }));
    if (url === '/api/config') return json({});
    return undefined;
  });
});

afterEach(() => {
  vi.unstubAllGlobals();
  writeSession(null);
});

describe('AuthDialog sign in', () => {
  it('sends a fresh session to "/", where the loading screen runs the preload before the app', async () => {
    renderDialog('/pricing');
    await userEvent.type(screen.getByLabelText('Email'), 'maya@example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'correct-horse-1');
    await userEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent(/^\/$/));
  });

  it('offers to send the confirmation e-mail again when the account is not confirmed yet', async () => {
    const fetchStub = stubFetch((url) => {
      if (url === '/api/auth/sign-in/email') {
        return apiError(403, 'Email not verified', 'email_not_verified');
      }
      if (url === '/api/auth/send-verification-email') return json({ status: true });
      if (url === '/api/config') return json({});
      return undefined;
    });
    renderDialog('/');
    await userEvent.type(screen.getByLabelText('Email'), 'maya@example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'correct-horse-1');
    await userEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByText(/Failed to sign in/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Resend confirmation email' }));
    expect(await screen.findByText('Confirmation email sent')).toBeInTheDocument();
    expect(fetchStub.calls('/api/auth/send-verification-email')).toEqual([
      { method: 'POST', body: { email: 'maya@example.com', callbackURL: '/' } },
    ]);
  });

  it('does not offer it when the password is wrong', async () => {
    stubFetch((url) => {
      if (url === '/api/auth/sign-in/email') {
        return apiError(401, 'Invalid email or password', 'invalid_email_or_password');
      }
      if (url === '/api/config') return json({});
      return undefined;
    });
    renderDialog('/');
    await userEvent.type(screen.getByLabelText('Email'), 'maya@example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'wrong-horse-1');
    await userEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByText('Failed to sign in')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Resend confirmation email' })).toBeNull();
  });
});

describe('AuthDialog forgot password', () => {
  it('asks for the e-mail in its own labelled field, filled from the sign-in form', async () => {
    const fetchStub = stubFetch((url) => {
      if (url === '/api/auth/request-password-reset') return json({ status: true });
      if (url === '/api/config') return json({});
      return undefined;
    });
    renderDialog('/');
    await userEvent.type(screen.getByLabelText('Email'), 'maya@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Forgot password?' }));
    expect(screen.queryByText('Enter your email first')).toBeNull();
    expect(screen.getByRole('heading', { name: 'Reset your password' })).toBeInTheDocument();
    const field = screen.getByLabelText('Email');
    expect(field).toHaveValue('maya@example.com');
    await userEvent.clear(field);
    await userEvent.type(field, 'maya.lopez@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByText('Password reset email sent')).toBeInTheDocument();
    expect(fetchStub.calls('/api/auth/request-password-reset')).toEqual([
      {
        method: 'POST',
        body: {
          email: 'maya.lopez@example.com',
          redirectTo: `${window.location.origin}/reset-password`,
        },
      },
    ]);
    await userEvent.click(screen.getByRole('button', { name: 'Back to sign in' }));
    expect(screen.getByRole('tab', { name: 'Sign In' })).toBeInTheDocument();
  });

  it('checks the address before sending, and says when sending failed', async () => {
    const fetchStub = stubFetch((url) => {
      if (url === '/api/auth/request-password-reset') {
        return apiError(429, 'Too many requests', 'rate_limited');
      }
      if (url === '/api/config') return json({});
      return undefined;
    });
    renderDialog('/');
    await userEvent.click(screen.getByRole('button', { name: 'Forgot password?' }));
    await userEvent.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByText('Email is required')).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveAttribute('aria-invalid', 'true');
    expect(fetchStub.calls('/api/auth/request-password-reset')).toEqual([]);
    await userEvent.type(screen.getByLabelText('Email'), 'maya@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByText('Failed to send reset email')).toBeInTheDocument();
  });
});

describe('AuthDialog notice', () => {
  it('says the address is confirmed above the sign-in form', () => {
    render(
      <QueryClientProvider client={createQueryClient()}>
        <AuthProvider>
          <MemoryRouter>
            <AuthDialog
              open
              onOpenChange={() => undefined}
              tab="signin"
              onTabChange={() => {}}
              notice="confirmed"
            />
          </MemoryRouter>
        </AuthProvider>
      </QueryClientProvider>,
    );
    expect(screen.getByText('Email confirmed! You can now sign in.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sign In' })).toBeInTheDocument();
  });
});

describe('AuthDialog sign up', () => {
  it('says when the name is longer than the server keeps, and sends nothing', async () => {
    const fetchStub = stubFetch((url) => (url === '/api/config' ? json({}) : undefined));
    render(
      <QueryClientProvider client={createQueryClient()}>
        <AuthProvider>
          <MemoryRouter>
            <AuthDialog open onOpenChange={() => undefined} tab="signup" onTabChange={() => {}} />
          </MemoryRouter>
        </AuthProvider>
      </QueryClientProvider>,
    );
    const name = screen.getByLabelText('Full Name');
    await userEvent.click(name);
    await userEvent.paste('N'.repeat(101));
    await userEvent.type(screen.getByLabelText('Email'), 'maya@example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'secret-pass-1');
    await userEvent.type(screen.getByLabelText('Confirm Password'), 'secret-pass-1');
    await userEvent.click(screen.getByRole('button', { name: 'Create Account' }));
    expect(await screen.findByText('Keep the name to 100 characters')).toBeInTheDocument();
    expect(name).toHaveAttribute('aria-invalid', 'true');
    expect(fetchStub.calls('/api/auth/sign-up/email')).toEqual([]);
  });
});
