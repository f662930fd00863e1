/**
 * TikTok's fail reasons and error codes in plain words, with what to do next (TikTok's post
 * status and error code docs, and the codes other open-source clients meet in practice). The queue and the dialogs show these instead of TikTok's codes.
 */
const TIKTOK_FAULT =
  'TikTok had a problem on its side and did not take this post, so nothing was sent. Send it again in a few minutes.';

/** The 5-pending-shares rule (decision 025), ours and TikTok's alike: one message. */
export const PENDING_LIMIT_WORDS =
  "TikTok holds at most 5 posts waiting in an account's inbox from the last 24 hours, and this account has 5, so this post was not sent. Open the TikTok app, post or delete the drafts in your inbox, then send it again.";

const PLAIN_WORDS: Record<string, string> = {
  file_format_check_failed:
    'TikTok could not read this video. Export it as an MP4 (H.264) and send it again.',
  duration_check_failed:
    "The video is longer than this account may post. Trim it to the account's maximum and send it again.",
  frame_rate_check_failed:
    'TikTok accepts videos at 23 to 60 frames per second. Export it at 30 fps and send it again.',
  picture_size_check_failed:
    'One of the slides is too large for TikTok (at most 1080 px on the shorter side). Send the carousel again; Hookreel resizes the slides.',
  invalid_file_upload: 'TikTok refused the file. Export it again as an MP4 (H.264) and retry.',
  internal: TIKTOK_FAULT,
  internal_error: TIKTOK_FAULT,
  server_error: TIKTOK_FAULT,
  video_pull_failed:
    'TikTok could not download the video. Send it again; if it keeps failing, upload the video again first.',
  photo_pull_failed:
    'TikTok could not download the slides. Send the carousel again; the slides are hosted for two hours.',
  publish_cancelled: 'The post was cancelled. Send it again if you still want it.',
  auth_removed:
    'Hookreel no longer has access to this TikTok account. Reconnect it in Settings, then send it again.',
  access_token_invalid:
    'The TikTok connection has expired, so this post was not sent. Reconnect the account in Settings, then send it again.',
  scope_not_authorized:
    'TikTok did not grant Hookreel permission to upload. Reconnect the account in Settings and allow uploads.',
  scope_permission_missed:
    'TikTok did not grant Hookreel permission to upload. Reconnect the account in Settings and allow uploads.',
  rate_limit_exceeded:
    'TikTok is limiting how fast Hookreel may send to this account, so this post was not sent. Wait a minute, then send it again.',
  spam_risk_too_many_posts:
    'TikTok says this account has posted too much today. Post from the TikTok app or try again tomorrow.',
  spam_risk_too_many_pending_share: PENDING_LIMIT_WORDS,
  tiktok_pending_limit: PENDING_LIMIT_WORDS,
  spam_risk_user_banned_from_posting:
    'TikTok does not allow this account to post right now. Check the account in the TikTok app.',
  spam_risk_text: 'TikTok flagged the title. Change the title and send it again.',
  spam_risk: 'TikTok refused this post as a spam risk. Post it from the TikTok app instead.',
  reached_active_user_cap: "TikTok's daily limit for Hookreel is reached. Try again tomorrow.",
  unaudited_client_can_only_post_to_private_accounts:
    'Until TikTok has reviewed Hookreel, TikTok takes its direct posts only as private ones ("Only me") to a private account. Make the account private in the TikTok app and choose Only me, or send it as a draft to your inbox instead.',
  url_ownership_unverified:
    'TikTok refused to download from Hookreel. Send it again; if it keeps failing, contact support.',
  privacy_level_option_mismatch:
    'That privacy choice is not available for this account. Pick another one.',
  app_version_check_failed:
    'Your TikTok app is too old to receive drafts. Update the TikTok app and send it again.',
  invalid_param:
    'TikTok refused the request as malformed. Send it again; if it keeps failing, contact support.',
  invalid_params:
    'TikTok refused the request as malformed. Send it again; if it keeps failing, contact support.',
  init_unconfirmed:
    'TikTok did not answer, so we cannot tell whether it received this post. Check your TikTok inbox: if the post is not there, send it again.',
  init_no_answer:
    'TikTok did not answer, so the video was not uploaded and will not reach your inbox. Send it again.',
  status_unknown:
    'TikTok has not said what happened to this post for a long time. Check your TikTok inbox; send it again only if it is not there.',
  not_sent: 'This post was never sent to TikTok. Send it again.',
  upload_url_expired:
    'TikTok stopped waiting for the video an hour after the upload began, so it will not reach your inbox. Send it again.',
  status_reconnect:
    'TikTok took this post, but the TikTok connection expired before Hookreel could see it arrive. Check your TikTok inbox: if the post is there, nothing more is needed; if not, reconnect the account in Settings, then send it again.',
  status_refused:
    'TikTok took this post, then refused to say what became of it. Check your TikTok inbox: if the post is there, nothing more is needed; if not, send it again.',
};

/** TikTok's code stays in the record and the logs, never in what the seller reads. */
export const plainWords = (reason: string | null | undefined): string =>
  (reason && PLAIN_WORDS[reason]) ??
  'TikTok could not take this post. Send it again; if it keeps failing, contact support.';

/**
 * Reasons a post ended without TikTok's last word: it may be in the seller's inbox, and only
 * the seller can look (decisions 085, 112). A later word from TikTok (a webhook) still moves it.
 */
const UNCONFIRMED = new Set([
  'init_unconfirmed',
  'status_unknown',
  'status_reconnect',
  'status_refused',
]);

export const isUnconfirmed = (reason: string | null | undefined) =>
  reason !== null && reason !== undefined && UNCONFIRMED.has(reason);

/**
 * Failures after which nothing of the post is on TikTok's side, so sending it again (even with
 * the same idempotency key) cannot make a second draft: decision 085. The ones left out are
 * those where TikTok may hold the post and only the seller can look.
 */
export const isResendable = (reason: string | null | undefined) => !isUnconfirmed(reason);
