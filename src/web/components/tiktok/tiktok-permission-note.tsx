import { Link } from 'react-router';
import { howToGrant, permissionName, TIKTOK_PERMISSIONS } from '#contract/tiktok-permissions';

/**
 * In an upload dialog, for an account whose seller unticked "Post content to your account
 * directly": the draft still goes out, and the seller reads which permission is missing and how
 * to grant it (decision 100). Other missing permissions do not touch posting; Settings names them.
 */
export const TikTokPermissionNote = ({
  missingScopes,
  refusal,
}: {
  missingScopes: string[];
  /** The server's words when TikTok refused creator info for a permission (stale grant). */
  refusal: string | null;
}) => {
  const text = missingScopes.includes('video.publish')
    ? `This account did not give Hookreel the permission “${permissionName('video.publish')}”: ${TIKTOK_PERMISSIONS['video.publish'].without} ${howToGrant(['video.publish'])}`
    : refusal;
  if (!text) return null;
  return (
    <p role="note" className="rounded-md border border-border bg-muted/40 p-3 text-sm">
      {text}{' '}
      <Link to="/settings?tab=tiktok" className="font-medium underline underline-offset-2">
        Open Settings → TikTok
      </Link>
    </p>
  );
};
