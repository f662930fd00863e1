import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { requestPasswordReset } from '@/lib/auth/auth-api';
import { EMAIL_PATTERN, FieldError } from './form-parts';

/** The same answer for a known and an unknown address (the server never says which). */
export const RESET_SENT_TEXT = 'Password reset email sent';
export const RESET_FAILED_TEXT = 'Failed to send reset email';

/**
 * "Forgot password?" asks for the address itself, filled in from the sign-in form when one was
 * typed there, and sends the e-mail that links to /reset-password (docs/product/accounts.md rule
 * 3).
 */
export const ForgotPasswordForm = ({
  initialEmail,
  onBack,
}: {
  initialEmail: string;
  onBack: () => void;
}) => {
  const [outcome, setOutcome] = useState<'sent' | 'failed' | null>(null);
  const form = useForm<{ email: string }>({ defaultValues: { email: initialEmail } });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async ({ email }) => {
    setOutcome(null);
    try {
      await requestPasswordReset(email.trim());
      setOutcome('sent');
    } catch {
      setOutcome('failed');
    }
  });

  return (
    <>
      <DialogHeader>
        <DialogTitle>Reset your password</DialogTitle>
        <DialogDescription>
          Enter the email you signed up with and we will send you a link to choose a new password.
        </DialogDescription>
      </DialogHeader>
      <form onSubmit={onSubmit} noValidate className="space-y-4">
        {outcome && (
          <Alert variant={outcome === 'sent' ? 'default' : 'destructive'}>
            <AlertDescription>
              {outcome === 'sent' ? RESET_SENT_TEXT : RESET_FAILED_TEXT}
            </AlertDescription>
          </Alert>
        )}
        <div className="space-y-2">
          <Label htmlFor="forgot-email">Email</Label>
          <Input
            id="forgot-email"
            type="email"
            autoComplete="email"
            required
            aria-invalid={errors.email ? true : undefined}
            aria-describedby={errors.email ? 'forgot-email-error' : undefined}
            {...form.register('email', {
              required: 'Email is required',
              pattern: { value: EMAIL_PATTERN, message: 'Enter a valid email address' },
            })}
          />
          <FieldError id="forgot-email-error" message={errors.email?.message} />
        </div>
        <Button type="submit" className="w-full" disabled={isSubmitting}>
          {isSubmitting ? 'Sending…' : 'Send reset link'}
        </Button>
        <Button type="button" variant="link" className="w-full" onClick={onBack}>
          Back to sign in
        </Button>
      </form>
    </>
  );
};
