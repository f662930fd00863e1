import { useState } from 'react';
import { SIGN_UP_MIN_PASSWORD } from '#contract/passwords';
import { FULL_NAME_MAX } from '#contract/user';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { useAuth } from '@/lib/auth/auth-provider';
import { ApiError } from '@/lib/api-client';
import { requestConfirmationEmail } from '@/lib/auth/auth-api';
import { trackLead } from '@/lib/pixel';
import { usePublicConfig } from '@/lib/public-config';
import { EMAIL_PATTERN, FieldError } from './form-parts';
import { ForgotPasswordForm } from './forgot-password-form';

export type AuthTab = 'signin' | 'signup';

/** Why the dialog opened by itself: the confirmation e-mail's link brought the user back. */
export type AuthNotice = 'confirmed' | 'confirmation-failed';

export const AUTH_NOTICE_TEXT: Record<AuthNotice, string> = {
  confirmed: 'Email confirmed! You can now sign in.',
  'confirmation-failed':
    'This confirmation link is invalid or has expired. Sign in to have a new one sent.',
};

// Plain react-hook-form rules (docs/product/accounts.md rule 1): the dialog ships with the landing
// page, which should not carry a schema library.
type SignInValues = { email: string; password: string };
type SignUpValues = { fullName: string; email: string; password: string; confirmPassword: string };

/**
 * Where a fresh session goes. "/" shows the loading screen while the data preload runs
 * (docs/product/app.md rule 3), then sends the user on to /app (or /onboarding without app access,
 * docs/product/app.md rule 2). Going straight to /app would skip the preload and its status texts.
 */
export const AFTER_SIGN_IN_PATH = '/';

export const ACCOUNT_CREATED_TEXT =
  'Account created! Please check your email and click the confirmation link. After confirming, use the Sign In tab to access your account.';

const SignInForm = ({
  onDone,
  onForgot,
  notice,
}: {
  onDone: () => void;
  onForgot: (email: string) => void;
  notice?: AuthNotice;
}) => {
  const { signIn } = useAuth();
  const navigate = useNavigate();
  const [failed, setFailed] = useState(false);
  const [unconfirmed, setUnconfirmed] = useState(false);
  const [resetNote, setResetNote] = useState<string | null>(null);
  const form = useForm<SignInValues>({ defaultValues: { email: '', password: '' } });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async ({ email, password }) => {
    setFailed(false);
    setUnconfirmed(false);
    try {
      await signIn(email.trim(), password);
      onDone();
      void navigate(AFTER_SIGN_IN_PATH);
    } catch (error) {
      setFailed(true);
      // A lost confirmation e-mail must not lock the account: offer to send it again.
      setUnconfirmed(error instanceof ApiError && error.code === 'email_not_verified');
    }
  });

  const onResendConfirmation = async () => {
    try {
      await requestConfirmationEmail(form.getValues('email').trim());
      setResetNote('Confirmation email sent');
    } catch {
      setResetNote('Failed to send confirmation email');
    }
  };

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4">
      {notice && !failed && (
        <Alert variant={notice === 'confirmed' ? 'default' : 'destructive'}>
          <AlertDescription>{AUTH_NOTICE_TEXT[notice]}</AlertDescription>
        </Alert>
      )}
      {failed && (
        <Alert variant="destructive">
          <AlertDescription>
            Failed to sign in
            {unconfirmed && (
              <>
                {' '}
                Your email is not confirmed yet.{' '}
                <Button
                  type="button"
                  variant="link"
                  size="sm"
                  className="h-auto p-0"
                  onClick={() => void onResendConfirmation()}
                >
                  Resend confirmation email
                </Button>
              </>
            )}
          </AlertDescription>
        </Alert>
      )}
      {resetNote && (
        <Alert>
          <AlertDescription>{resetNote}</AlertDescription>
        </Alert>
      )}
      <div className="space-y-2">
        <Label htmlFor="signin-email">Email</Label>
        <Input
          id="signin-email"
          type="email"
          autoComplete="email"
          required
          aria-invalid={errors.email ? true : undefined}
          aria-describedby={errors.email ? 'signin-email-error' : undefined}
          {...form.register('email', { required: 'Email is required' })}
        />
        <FieldError id="signin-email-error" message={errors.email?.message} />
      </div>
      <div className="space-y-2">
        <div className="flex items-center justify-between">
          <Label htmlFor="signin-password">Password</Label>
          <Button
            type="button"
            variant="link"
            size="sm"
            className="h-auto p-0"
            onClick={() => onForgot(form.getValues('email').trim())}
          >
            Forgot password?
          </Button>
        </div>
        <Input
          id="signin-password"
          type="password"
          autoComplete="current-password"
          required
          aria-invalid={errors.password ? true : undefined}
          aria-describedby={errors.password ? 'signin-password-error' : undefined}
          {...form.register('password', { required: 'Password is required' })}
        />
        <FieldError id="signin-password-error" message={errors.password?.message} />
      </div>
      <Button type="submit" className="w-full" disabled={isSubmitting}>
        {isSubmitting ? 'Signing in…' : 'Sign In'}
      </Button>
    </form>
  );
};

const SIGN_UP_RULES = {
  fullName: {
    validate: (v: string) =>
      v.trim().length === 0
        ? 'Full name is required'
        : v.trim().length <= FULL_NAME_MAX || `Keep the name to ${FULL_NAME_MAX} characters`,
  },
  email: {
    required: 'Email is required',
    pattern: { value: EMAIL_PATTERN, message: 'Enter a valid email address' },
  },
  password: {
    required: 'Password is required',
    minLength: { value: SIGN_UP_MIN_PASSWORD, message: 'Password must be at least 6 characters' },
  },
  confirmPassword: {
    required: 'Confirm your password',
    validate: (v: string, values: SignUpValues) => v === values.password || "Passwords don't match",
  },
} as const;

const SignUpForm = ({ onDone }: { onDone: () => void }) => {
  const { signUp } = useAuth();
  const navigate = useNavigate();
  const config = usePublicConfig();
  const [outcome, setOutcome] = useState<'created' | 'failed' | null>(null);
  const form = useForm<SignUpValues>({
    defaultValues: { fullName: '', email: '', password: '', confirmPassword: '' },
  });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async ({ fullName, email, password }) => {
    setOutcome(null);
    try {
      const { emailConfirmed } = await signUp({
        fullName: fullName.trim(),
        email: email.trim(),
        password,
      });
      trackLead(config.data?.pixel);
      if (emailConfirmed) {
        onDone();
        void navigate(AFTER_SIGN_IN_PATH);
      } else {
        setOutcome('created');
        form.reset();
      }
    } catch {
      setOutcome('failed');
    }
  });

  const field = (name: keyof SignUpValues, label: string, type: string, autoComplete: string) => {
    const id = `signup-${name}`;
    const error = errors[name]?.message;
    return (
      <div className="space-y-2">
        <Label htmlFor={id}>{label}</Label>
        <Input
          id={id}
          type={type}
          autoComplete={autoComplete}
          required
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          {...form.register(name, SIGN_UP_RULES[name])}
        />
        <FieldError id={`${id}-error`} message={error} />
      </div>
    );
  };

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4">
      {outcome === 'created' && (
        <Alert>
          <AlertDescription>{ACCOUNT_CREATED_TEXT}</AlertDescription>
        </Alert>
      )}
      {outcome === 'failed' && (
        <Alert variant="destructive">
          <AlertDescription>Failed to create account</AlertDescription>
        </Alert>
      )}
      {field('fullName', 'Full Name', 'text', 'name')}
      {field('email', 'Email', 'email', 'email')}
      {field('password', 'Password', 'password', 'new-password')}
      {field('confirmPassword', 'Confirm Password', 'password', 'new-password')}
      <Button type="submit" className="w-full" disabled={isSubmitting}>
        {isSubmitting ? 'Creating account…' : 'Create Account'}
      </Button>
    </form>
  );
};

export const AuthDialog = ({
  open,
  onOpenChange,
  tab,
  onTabChange,
  notice,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  tab: AuthTab;
  onTabChange: (tab: AuthTab) => void;
  notice?: AuthNotice;
}) => {
  // The address typed on the sign-in form when "Forgot password?" was pressed; null: signing in.
  const [forgotEmail, setForgotEmail] = useState<string | null>(null);
  const changeOpen = (next: boolean) => {
    if (!next) setForgotEmail(null);
    onOpenChange(next);
  };
  return (
    <Dialog open={open} onOpenChange={changeOpen}>
      <DialogContent className="sm:max-w-md">
        {forgotEmail !== null ? (
          <ForgotPasswordForm initialEmail={forgotEmail} onBack={() => setForgotEmail(null)} />
        ) : (
          <>
            <DialogHeader>
              <DialogTitle>Welcome to Hookreel</DialogTitle>
              <DialogDescription>
                Sign in to start, or create a free account. No payment required.
              </DialogDescription>
            </DialogHeader>
            <Tabs value={tab} onValueChange={(v) => onTabChange(v as AuthTab)}>
              <TabsList className="grid w-full grid-cols-2">
                <TabsTrigger value="signin">Sign In</TabsTrigger>
                <TabsTrigger value="signup">Sign Up</TabsTrigger>
              </TabsList>
              <TabsContent value="signin" className="pt-4">
                <SignInForm
                  onDone={() => changeOpen(false)}
                  onForgot={setForgotEmail}
                  notice={notice}
                />
              </TabsContent>
              <TabsContent value="signup" className="pt-4">
                <SignUpForm onDone={() => changeOpen(false)} />
              </TabsContent>
            </Tabs>
          </>
        )}
      </DialogContent>
    </Dialog>
  );
};
