import { ExternalLink, Loader2, Sparkles } from 'lucide-react';
import type { TAnalyticsPost } from '#contract/analytics';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { formatCount, formatRate, formatWhen } from '../lib/format';

type Props = {
  posts: TAnalyticsPost[];
  onMakeMore: (post: TAnalyticsPost) => void;
  /** The post whose "Make more like this" is running. */
  making: string | null;
};

const TYPE_LABELS = { carousel: 'Carousel', hook_demo: 'Hook + Demo' } as const;

/** The most viewed posts of the range, each with "Make more like this" when Hookreel made it. */
export const TopPosts = ({ posts, onMakeMore, making }: Props) => (
  <Card role="region" aria-label="Top posts">
    <CardHeader>
      <CardTitle>Top posts</CardTitle>
      <CardDescription>Your most viewed posts in this range</CardDescription>
    </CardHeader>
    <CardContent>
      <ol className="divide-y">
        {posts.map((post) => {
          const name = post.title || post.hook || 'Untitled post';
          return (
            <li
              key={post.id}
              aria-label={name}
              className="flex flex-col gap-3 py-3 sm:flex-row sm:items-center"
            >
              <div className="min-w-0 flex-1 space-y-1">
                <div className="flex flex-wrap items-center gap-2">
                  <span className="font-medium break-words">{name}</span>
                  {post.contentType && (
                    <Badge variant="secondary">{TYPE_LABELS[post.contentType]}</Badge>
                  )}
                </div>
                {post.hook && post.hook !== name && (
                  <p className="text-sm text-muted-foreground">Hook: {post.hook}</p>
                )}
                <p className="text-xs text-muted-foreground">
                  {post.productName ? `${post.productName} · ` : ''}posted{' '}
                  {formatWhen(post.publishedAt)}
                  {post.shareUrl && (
                    <>
                      {' · '}
                      <a
                        href={post.shareUrl}
                        target="_blank"
                        rel="noreferrer"
                        className="inline-flex items-center gap-1 underline underline-offset-2"
                      >
                        View on TikTok
                        <ExternalLink className="size-3" aria-hidden="true" />
                      </a>
                    </>
                  )}
                </p>
              </div>
              <dl className="grid shrink-0 grid-cols-2 gap-x-4 text-sm tabular-nums sm:text-right">
                <dt className="text-muted-foreground">Views</dt>
                <dd>{formatCount(post.counts.views)}</dd>
                <dt className="text-muted-foreground">Engagement</dt>
                <dd>{formatRate(post.counts.engagementRate)}</dd>
              </dl>
              {post.fromHookreel && (
                <Button
                  variant="outline"
                  size="sm"
                  onClick={() => onMakeMore(post)}
                  disabled={making !== null}
                  aria-label={`Make more like this: ${name}`}
                >
                  {making === post.id ? (
                    <Loader2 className="animate-spin" aria-hidden="true" />
                  ) : (
                    <Sparkles aria-hidden="true" />
                  )}
                  Make more like this
                </Button>
              )}
            </li>
          );
        })}
      </ol>
    </CardContent>
  </Card>
);
