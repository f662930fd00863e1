import type { TSandboxInboxItem } from '#contract/tiktok-sandbox-inbox';

/** TikTok's status names, in words a tester reads at a glance (the raw name stays beside it). */
export const STATUS_LABELS: Record<TSandboxInboxItem['status'], string> = {
  PROCESSING_DOWNLOAD: 'Downloading',
  PROCESSING_UPLOAD: 'Receiving upload',
  SEND_TO_USER_INBOX: 'In inbox',
  PUBLISH_COMPLETE: 'Posted',
  FAILED: 'Failed',
};

export const isProcessing = (item: TSandboxInboxItem) =>
  item.status === 'PROCESSING_DOWNLOAD' || item.status === 'PROCESSING_UPLOAD';
