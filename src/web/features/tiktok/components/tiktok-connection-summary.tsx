import type { TTikTokAccount } from '#contract/tiktok';

/** docs/product/publishing.md rule 1: the compact variant of the connection card. */
export const TikTokConnectionSummary = ({ account }: { account: TTikTokAccount | undefined }) => (
  <p className="text-muted-foreground text-sm">
    {account ? `Connected to @${account.username ?? account.display_name}` : 'TikTok not connected'}
  </p>
);
