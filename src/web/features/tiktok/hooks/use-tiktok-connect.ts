import { useState } from 'react';
import type { TTikTokTicketRequest } from '#contract/tiktok';
import { toast } from '@/components/ui/use-toast';
import { useAuth } from '@/lib/auth/auth-provider';
import { startTikTokLogin } from '@/lib/tiktok/tiktok-connection';

/**
 * docs/product/publishing.md rule 1, Connect: needs a signed-in user; mints the single-use login
 * link and leaves for TikTok. `connecting` stays true while the page is being left
 * ("Connecting...").
 */
export const useTikTokConnect = () => {
  const { session, user } = useAuth();
  const [connecting, setConnecting] = useState(false);

  const connect = async (options: TTikTokTicketRequest = {}) => {
    if (!session || !user?.id) {
      toast({
        title: 'Error',
        description: 'You must be logged in to connect TikTok',
        variant: 'destructive',
      });
      return;
    }
    setConnecting(true);
    try {
      await startTikTokLogin(options);
    } catch {
      setConnecting(false);
      toast({
        title: 'Error',
        description: 'Failed to initiate TikTok connection',
        variant: 'destructive',
      });
    }
  };

  return { connect, connecting };
};
