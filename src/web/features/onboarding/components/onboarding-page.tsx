import { LogOut, Sparkles } from 'lucide-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { CenteredPage } from '@/components/layout/centered-page';
import { ProductFields } from '@/components/product-form/product-fields';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api-client';
import { useAuth } from '@/lib/auth/auth-provider';
import { useOnboardProduct } from '../hooks/use-onboard-product';

/**
 * The server's words for a request it refused (an image too large or not an image): a retry
 * would fail the same way, so the user needs to know which file to take out.
 */
const userMistakeOf = (error: unknown) =>
  error instanceof ApiError && error.status >= 400 && error.status < 500
    ? error.serverMessage
    : undefined;

/** docs/product/dashboard.md rule 4: the first product opens the app. */
export const OnboardingPage = () => {
  const { user, signOut } = useAuth();
  const navigate = useNavigate();
  const onboard = useOnboardProduct();
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const [files, setFiles] = useState<File[]>([]);
  const [failed, setFailed] = useState(false);
  const [failureDetail, setFailureDetail] = useState<string | undefined>();
  const busy = onboard.isPending;

  const onSubmit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (!name.trim() || busy) return;
    setFailed(false);
    try {
      await onboard.mutateAsync({ name: name.trim(), description, files });
      void navigate(paths.create.getHref());
    } catch (error) {
      // A plan limit (402) opens the upgrade dialog instead; no second message underneath.
      if (error instanceof ApiError && error.status === 402) return;
      setFailed(true);
      setFailureDetail(userMistakeOf(error));
    }
  };

  return (
    <CenteredPage>
      <Card className="w-full max-w-lg">
        <CardHeader>
          <CardTitle>
            <h1 className="text-2xl font-semibold">
              Welcome{user?.firstName ? `, ${user.firstName}` : ''}…
            </h1>
          </CardTitle>
          <CardDescription>
            Tell us about your product to preview how content would look.
          </CardDescription>
        </CardHeader>
        <CardContent>
          <form onSubmit={(e) => void onSubmit(e)} className="space-y-5">
            {failed && (
              <Alert variant="destructive">
                <AlertDescription>
                  <p>Failed to create product. Please try again.</p>
                  {failureDetail ? <p>{failureDetail}</p> : null}
                </AlertDescription>
              </Alert>
            )}
            <ProductFields
              name={name}
              onNameChange={setName}
              description={description}
              onDescriptionChange={setDescription}
              onFilesChange={setFiles}
              disabled={busy}
            />
            <div className="flex flex-wrap items-center gap-3">
              <Button type="submit" disabled={!name.trim() || busy}>
                <Sparkles aria-hidden="true" />
                {busy ? 'Creating…' : 'Create and preview'}
              </Button>
              <Button
                type="button"
                variant="ghost"
                onClick={() => {
                  void signOut().then(() => navigate('/'));
                }}
              >
                <LogOut aria-hidden="true" />
                Logout
              </Button>
            </div>
          </form>
        </CardContent>
      </Card>
    </CenteredPage>
  );
};
