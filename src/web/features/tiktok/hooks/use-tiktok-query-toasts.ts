import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import { toast } from '@/components/ui/use-toast';
import { refreshTikTokConnection } from '@/lib/tiktok/tiktok-connection';

/**
 * docs/product/publishing.md rule 1: /settings handles tiktok_connected=true and tiktok_error=true
 * once with a toast, refetches the accounts and the user record, then drops the flag so a reload
 * does not repeat it.
 */
export const useTikTokQueryToasts = () => {
  const [searchParams, setSearchParams] = useSearchParams();
  const location = useLocation();
  const queryClient = useQueryClient();
  // Strict mode runs effects twice; the location key tells a repeat from a new arrival.
  const handledKey = useRef<string | null>(null);
  const connected = searchParams.get('tiktok_connected') === 'true';
  const failed = searchParams.get('tiktok_error') === 'true';

  useEffect(() => {
    if ((!connected && !failed) || handledKey.current === location.key) return;
    handledKey.current = location.key;
    if (connected) {
      toast({
        title: 'TikTok Connected!',
        description: 'Your TikTok account is connected. You can now post directly to TikTok.',
      });
    } else {
      toast({
        title: 'Connection Failed',
        description: 'Failed to connect your TikTok account. Please try again.',
        variant: 'destructive',
      });
    }
    void refreshTikTokConnection(queryClient);
    const next = new URLSearchParams(searchParams);
    next.delete('tiktok_connected');
    next.delete('tiktok_error');
    if (!next.has('tab')) next.set('tab', 'tiktok');
    setSearchParams(next, { replace: true });
  }, [connected, failed, location.key, searchParams, setSearchParams, queryClient]);
};
