import type { TSandboxInboxItem } from '#contract/tiktok-sandbox-inbox';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { STATUS_LABELS } from '../lib/inbox-status';

type Props = {
  item: TSandboxInboxItem;
  onPost: (item: TSandboxInboxItem) => void;
  onMakePrivate: (item: TSandboxInboxItem) => void;
  posting: boolean;
};

/** One thing the test account received: its slides or video, title, status and the Post button. */
export const InboxItemCard = ({ item, onPost, onMakePrivate, posting }: Props) => {
  const heading = item.title || (item.kind === 'photo' ? 'Photo post' : 'Video');
  return (
    <li className="space-y-2 rounded-md border p-3" aria-label={heading}>
      <div className="flex flex-wrap items-center gap-2">
        <h3 className="font-medium">{heading}</h3>
        <Badge variant={item.status === 'FAILED' ? 'destructive' : 'secondary'}>
          {STATUS_LABELS[item.status]}
        </Badge>
        <code className="text-xs text-muted-foreground">{item.status}</code>
        {item.status === 'PUBLISH_COMPLETE' && !item.is_public && (
          <Badge variant="outline">Private</Badge>
        )}
      </div>
      {item.fail_reason && (
        <p className="text-sm text-destructive">
          Fail reason: <code>{item.fail_reason}</code>
        </p>
      )}
      {item.description && <p className="text-sm whitespace-pre-wrap">{item.description}</p>}
      {item.kind === 'photo' && item.media_urls.length > 0 && (
        <ol className="flex gap-2 overflow-x-auto" aria-label="Slides">
          {item.media_urls.map((url, index) => (
            <li key={url} className="shrink-0">
              <img
                src={url}
                alt={`Slide ${index + 1}${index === item.photo_cover_index ? ' (cover)' : ''}`}
                className="h-40 w-auto rounded border"
              />
            </li>
          ))}
        </ol>
      )}
      {item.kind === 'video' && item.media_urls[0] && (
        <video
          src={item.media_urls[0]}
          controls
          muted
          autoPlay
          loop
          playsInline
          className="h-64 rounded border"
          aria-label={`Video: ${heading}`}
        />
      )}
      <p className="text-xs text-muted-foreground">
        publish_id <code>{item.publish_id}</code>
        {item.post_id && (
          <>
            {' '}
            · post id <code>{item.post_id}</code>
          </>
        )}
      </p>
      {item.stats && (
        <p className="text-sm" aria-label="Stats on TikTok">
          {item.stats.views.toLocaleString('en-US')} views ·{' '}
          {item.stats.likes.toLocaleString('en-US')} likes ·{' '}
          {item.stats.comments.toLocaleString('en-US')} comments ·{' '}
          {item.stats.shares.toLocaleString('en-US')} shares
        </p>
      )}
      {item.status === 'SEND_TO_USER_INBOX' && (
        <Button size="sm" onClick={() => onPost(item)} disabled={posting}>
          {posting ? 'Posting…' : 'Post'}
        </Button>
      )}
      {item.status === 'PUBLISH_COMPLETE' && item.is_public && (
        <Button size="sm" variant="outline" onClick={() => onMakePrivate(item)} disabled={posting}>
          Make private
        </Button>
      )}
    </li>
  );
};
