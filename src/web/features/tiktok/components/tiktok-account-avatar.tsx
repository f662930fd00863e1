import { Avatar, AvatarFallback, AvatarImage } from '@/components/ui/avatar';
import { cn } from '@/lib/utils';

/** A TikTok account's picture, or its initial when TikTok gave none (or the link expired). */
export const TikTokAccountAvatar = ({
  name,
  url,
  className,
}: {
  name: string;
  url: string | null;
  className?: string;
}) => (
  <Avatar className={cn('size-8', className)}>
    {url ? <AvatarImage src={url} alt={`${name}'s TikTok avatar`} /> : null}
    <AvatarFallback aria-hidden="true">{name.trim().charAt(0).toUpperCase() || '?'}</AvatarFallback>
  </Avatar>
);
