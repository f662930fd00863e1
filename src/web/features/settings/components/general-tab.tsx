import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Loader2 } from 'lucide-react';
import type { ChangeEvent } from 'react';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { z } from 'zod';
import { PLANS } from '#contract/plans';
import type { TAuthUser, TUpdateProfileRequest } from '#contract/user';
import { ZAuthUser, ZUploadImagesResponse } from '#contract/user';
import { Avatar, AvatarFallback, AvatarImage } from '@/components/ui/avatar';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { NativeSelect, NativeSelectOption } from '@/components/ui/native-select';
import { Separator } from '@/components/ui/separator';
import { toast } from '@/components/ui/use-toast';
import { paths } from '@/config/paths';
import { ApiError, apiRequest } from '@/lib/api-client';
import { requestPasswordReset } from '@/lib/auth/auth-api';
import { useAuth } from '@/lib/auth/auth-provider';
import { queryKeys } from '@/lib/query-keys';

/** Every IANA zone the browser knows, plus UTC, which some engines list only as an alias. */
const ALL_TIMEZONES: readonly string[] = (() => {
  const zones = Intl.supportedValuesOf('timeZone');
  return zones.includes('UTC') ? zones : ['UTC', ...zones];
})();

const browserTimezone = () => {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
};

const errorText = (error: unknown) => {
  if (error instanceof ApiError) return error.serverMessage ?? error.message;
  return error instanceof Error ? error.message : 'Please try again.';
};

const initialsOf = (user: TAuthUser | null) => {
  const letters = `${user?.firstName?.charAt(0) ?? ''}${user?.lastName?.charAt(0) ?? ''}`;
  return (letters || user?.displayName?.charAt(0) || user?.email.charAt(0) || 'U').toUpperCase();
};

const updateProfile = async (body: TUpdateProfileRequest) =>
  ZAuthUser.parse(await apiRequest<unknown>('/api/user/profile', { method: 'PATCH', body }));

/** The upload's `{ urls }`, or the words why there is none. */
const ZAvatarUpload = ZUploadImagesResponse.partial().extend({ error: z.string().optional() });

const Spinner = () => <Loader2 aria-hidden="true" className="animate-spin" />;

const ReadOnlyField = ({ label, value }: { label: string; value: string }) => {
  const id = useId();
  return (
    <div className="grid gap-2">
      <Label htmlFor={id}>{label}</Label>
      <Input id={id} value={value} readOnly className="bg-muted/50 text-foreground" />
    </div>
  );
};

/**
 * Settings → General (docs/product/accounts.md rule 6): avatar, read-only account details, time
 * zone, password.
 */
export const GeneralTab = () => {
  const { user } = useAuth();
  const queryClient = useQueryClient();
  const avatarInputId = useId();
  const avatarHintId = useId();
  const timezoneId = useId();
  const [pendingAvatar, setPendingAvatar] = useState<string | null>(null);
  // Null until the user picks one, so the select follows the saved zone when the user loads.
  const [chosenTimezone, setChosenTimezone] = useState<string | null>(null);
  const timezone = chosenTimezone ?? (user?.timezone || browserTimezone());

  const timezones = ALL_TIMEZONES.includes(timezone) ? ALL_TIMEZONES : [timezone, ...ALL_TIMEZONES];
  const plan = user?.plan && user.plan in PLANS ? user.plan : 'free';
  const avatarUrl = pendingAvatar ?? user?.profileImageUrl ?? null;

  const saveUser = (next: TAuthUser) => queryClient.setQueryData(queryKeys.user, next);

  const upload = useMutation({
    mutationFn: async (file: File) => {
      const form = new FormData();
      form.append('images', file);
      return ZAvatarUpload.parse(
        await apiRequest<unknown>('/api/upload-images', { method: 'POST', body: form }),
      );
    },
    onSuccess: (answer) => {
      const url = answer?.urls?.[0];
      if (!url) {
        toast({
          title: 'Upload failed',
          description: answer?.error || 'No URL returned',
          variant: 'destructive',
        });
        return;
      }
      setPendingAvatar(url);
      toast({ title: 'Avatar uploaded', description: "Don't forget to save changes." });
    },
    onError: (error) =>
      toast({ title: 'Upload failed', description: errorText(error), variant: 'destructive' }),
  });

  const saveAvatar = useMutation({
    mutationFn: (profileImageUrl: string) => updateProfile({ profileImageUrl }),
    onSuccess: (next) => {
      saveUser(next);
      setPendingAvatar(null);
      toast({ title: 'Profile updated' });
    },
    onError: (error) =>
      toast({ title: 'Save failed', description: errorText(error), variant: 'destructive' }),
  });

  const saveTimezone = useMutation({
    mutationFn: (zone: string) => updateProfile({ timezone: zone }),
    onSuccess: (next) => {
      saveUser(next);
      toast({ title: 'Timezone updated' });
    },
    onError: (error) =>
      toast({ title: 'Save failed', description: errorText(error), variant: 'destructive' }),
  });

  const resetPassword = useMutation({
    mutationFn: (email: string) => requestPasswordReset(email),
    onSuccess: (_, email) =>
      toast({
        title: 'Password reset email sent',
        description: `Check ${email} for a link to choose a new password.`,
      }),
    onError: () => toast({ title: 'Failed to send reset email', variant: 'destructive' }),
  });

  const onAvatarChosen = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    // Cleared so choosing the same file again still triggers an upload.
    event.target.value = '';
    if (file) upload.mutate(file);
  };

  return (
    <div className="grid gap-6">
      <Card>
        <CardHeader>
          <CardTitle>
            <h2 className="text-base font-semibold">Profile</h2>
          </CardTitle>
          <CardDescription>Your photo and account details.</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-6">
          <div className="flex flex-col gap-5 sm:flex-row sm:items-center">
            <Avatar className="size-20 ring-1 ring-border">
              {avatarUrl ? <AvatarImage src={avatarUrl} alt="Your avatar" /> : null}
              <AvatarFallback aria-hidden="true" className="text-xl font-semibold">
                {initialsOf(user)}
              </AvatarFallback>
            </Avatar>
            <div className="grid min-w-0 flex-1 gap-2">
              <Label htmlFor={avatarInputId}>Avatar</Label>
              <div className="flex flex-col gap-2 sm:flex-row sm:items-center">
                <Input
                  id={avatarInputId}
                  type="file"
                  accept="image/*"
                  aria-describedby={avatarHintId}
                  disabled={upload.isPending}
                  onChange={onAvatarChosen}
                  className="cursor-pointer sm:max-w-xs"
                />
                <Button
                  type="button"
                  disabled={!pendingAvatar || saveAvatar.isPending || upload.isPending}
                  aria-busy={saveAvatar.isPending || undefined}
                  onClick={() => pendingAvatar && saveAvatar.mutate(pendingAvatar)}
                >
                  {saveAvatar.isPending ? <Spinner /> : null}
                  Save Avatar
                </Button>
              </div>
              <p id={avatarHintId} className="text-xs text-muted-foreground">
                {upload.isPending
                  ? 'Uploading…'
                  : pendingAvatar
                    ? 'New photo ready: save it to use it everywhere.'
                    : 'JPEG, PNG, GIF or WebP.'}
              </p>
            </div>
          </div>

          <Separator />

          <div className="grid gap-4 sm:grid-cols-2">
            <ReadOnlyField label="First name" value={user?.firstName ?? ''} />
            <ReadOnlyField label="Last name" value={user?.lastName ?? ''} />
            <ReadOnlyField label="Email" value={user?.email ?? ''} />
            <ReadOnlyField label="Plan" value={PLANS[plan].title} />
          </div>
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle>
            <h2 className="text-base font-semibold">Timezone</h2>
          </CardTitle>
          <CardDescription>Scheduled posts go out at this local time.</CardDescription>
        </CardHeader>
        <CardContent>
          <div className="grid gap-2">
            <Label htmlFor={timezoneId}>Timezone</Label>
            <div className="flex flex-col gap-2 sm:flex-row sm:items-center">
              <NativeSelect
                id={timezoneId}
                value={timezone}
                onChange={(event) => setChosenTimezone(event.target.value)}
                wrapperClassName="sm:max-w-sm"
              >
                {timezones.map((zone) => (
                  <NativeSelectOption key={zone} value={zone}>
                    {zone.replaceAll('_', ' ')}
                  </NativeSelectOption>
                ))}
              </NativeSelect>
              <Button
                type="button"
                disabled={saveTimezone.isPending}
                aria-busy={saveTimezone.isPending || undefined}
                onClick={() => saveTimezone.mutate(timezone)}
              >
                {saveTimezone.isPending ? <Spinner /> : null}
                Save Timezone
              </Button>
            </div>
          </div>
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle>
            <h2 className="text-base font-semibold">Password</h2>
          </CardTitle>
          <CardDescription>We&apos;ll e-mail you a link to choose a new password.</CardDescription>
        </CardHeader>
        <CardContent>
          <Button
            type="button"
            variant="outline"
            disabled={!user?.email || resetPassword.isPending}
            aria-busy={resetPassword.isPending || undefined}
            onClick={() => user?.email && resetPassword.mutate(user.email)}
          >
            {resetPassword.isPending ? <Spinner /> : null}
            Reset Password
          </Button>
        </CardContent>
      </Card>

      <nav aria-label="Legal" className="flex flex-wrap gap-x-6 gap-y-2 px-1 text-sm">
        <Link
          to={paths.terms.getHref()}
          className="text-muted-foreground underline underline-offset-4 hover:text-foreground"
        >
          Terms and Conditions
        </Link>
        <Link
          to={paths.privacy.getHref()}
          className="text-muted-foreground underline underline-offset-4 hover:text-foreground"
        >
          Privacy Policy
        </Link>
      </nav>
    </div>
  );
};
