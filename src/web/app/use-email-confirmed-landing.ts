import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { EMAIL_CONFIRMED_PARAM } from '#contract/email-confirmation';
import { useAuthDialog } from './auth-dialog-context';

/**
 * The confirmation e-mail's link lands on / with `email_confirmed` (and `error` when the link
 * was bad): say so in the sign-in dialog, then drop the marker so a reload does not repeat it.
 */
export const useEmailConfirmedLanding = () => {
  const [search, setSearch] = useSearchParams();
  const { openAuthDialog } = useAuthDialog();
  const landed = search.has(EMAIL_CONFIRMED_PARAM);
  const failed = search.has('error');
  useEffect(() => {
    if (!landed) return;
    openAuthDialog('signin', failed ? 'confirmation-failed' : 'confirmed');
    setSearch(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete(EMAIL_CONFIRMED_PARAM);
        next.delete('error');
        return next;
      },
      { replace: true },
    );
  }, [landed, failed, openAuthDialog, setSearch]);
};
