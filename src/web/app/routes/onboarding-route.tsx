import { LogOut } from 'lucide-react';
import { useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { useAuth } from '@/lib/auth/auth-provider';

/**
 * /onboarding greets a new user. The product form (name, description, images, "Create and
 * preview") comes with the products feature; until then the page says so plainly.
 */
export const OnboardingRoute = () => {
  const { user, signOut } = useAuth();
  const navigate = useNavigate();
  return (
    <main className="bg-muted/40 flex min-h-screen items-center justify-center p-4">
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
        <CardContent className="space-y-4">
          <p className="text-muted-foreground text-sm">
            Product set-up is being prepared for your account. You will add your first product here
            — its name, a description (price, what it does, who it's for) and up to 5 images — and
            Hookreel will write your first hooks from it.
          </p>
          <Button
            variant="outline"
            onClick={() => {
              void signOut().then(() => navigate('/'));
            }}
          >
            <LogOut aria-hidden="true" />
            Logout
          </Button>
        </CardContent>
      </Card>
    </main>
  );
};
