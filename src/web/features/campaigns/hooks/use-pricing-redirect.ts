import { useCallback } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { isPaymentRequired } from '@/lib/payment-required';

/**
 * docs/product/campaigns.md rule 5: in campaigns a 402 from an AI call (generate-plan,
 * generate-video-hook, the carousel plan) sends the user to
 * /pricing?reason=upgrade_required&return={this page}. Returns true when it did.
 */
export const usePricingRedirect = () => {
  const navigate = useNavigate();
  const location = useLocation();
  return useCallback(
    (error: unknown) => {
      if (!isPaymentRequired(error)) return false;
      void navigate(
        paths.pricing.getHref({
          reason: 'upgrade_required',
          return: `${location.pathname}${location.search}`,
        }),
      );
      return true;
    },
    [location.pathname, location.search, navigate],
  );
};
