import { describe, expect, it } from 'vitest';
import { matchVideosToPosts } from './analytics-match';

const at = (iso: string) => new Date(iso);
const sec = (iso: string) => Math.floor(Date.parse(iso) / 1000);

describe('matchVideosToPosts', () => {
  it('ties a video to the post whose publish reported its id', () => {
    const matches = matchVideosToPosts(
      [{ id: '7300000000000000001', createTime: sec('2026-11-20T10:00:00Z'), title: 'Other' }],
      [
        {
          id: 'post-a',
          title: 'Glow serum',
          postIds: ['7300000000000000001'],
          createdAt: at('2026-11-01T00:00:00Z'),
        },
      ],
    );
    expect(matches.get('7300000000000000001')).toEqual({ postId: 'post-a', matchedBy: 'post_id' });
  });

  it('without an id, by title and time: the latest post sent before the video, once', () => {
    const posts = [
      { id: 'old', title: 'Glow serum', postIds: [], createdAt: at('2026-11-18T09:00:00Z') },
      { id: 'new', title: 'Glow serum', postIds: [], createdAt: at('2026-11-20T09:00:00Z') },
      { id: 'other', title: 'Night cream', postIds: [], createdAt: at('2026-11-20T09:30:00Z') },
      { id: 'later', title: 'Glow serum', postIds: [], createdAt: at('2026-11-21T09:00:00Z') },
    ];
    const videos = [
      // TikTok may cut a long title; case and spacing differ.
      { id: 'v1', createTime: sec('2026-11-20T12:00:00Z'), title: 'glow  SERUM' },
      { id: 'v2', createTime: sec('2026-11-20T13:00:00Z'), title: 'Glow serum' },
      { id: 'v3', createTime: sec('2026-11-20T14:00:00Z'), title: 'Something else' },
    ];
    const matches = matchVideosToPosts(videos, posts);
    expect(matches.get('v1')).toEqual({ postId: 'new', matchedBy: 'time_title' });
    // The newer one is taken, so the next video gets the older post; never one sent after it.
    expect(matches.get('v2')).toEqual({ postId: 'old', matchedBy: 'time_title' });
    expect(matches.has('v3')).toBe(false);
  });

  it('leaves alone posts matched before, posts with ids, and posts outside the window', () => {
    const videos = [{ id: 'v1', createTime: sec('2026-11-20T12:00:00Z'), title: 'Glow' }];
    const post = { id: 'p', title: 'Glow', postIds: [], createdAt: at('2026-11-20T11:00:00Z') };
    expect(matchVideosToPosts(videos, [post], new Set(['p'])).size).toBe(0);
    expect(matchVideosToPosts(videos, [{ ...post, postIds: ['7300000000000000009'] }]).size).toBe(
      0,
    );
    expect(
      matchVideosToPosts(videos, [{ ...post, createdAt: at('2026-11-01T11:00:00Z') }]).size,
    ).toBe(0);
    // Untitled video drafts match untitled videos only.
    expect(
      matchVideosToPosts([{ ...videos[0]!, title: '' }], [{ ...post, title: '' }]).get('v1'),
    ).toEqual({ postId: 'p', matchedBy: 'time_title' });
    expect(matchVideosToPosts([{ ...videos[0]!, title: '' }], [post]).size).toBe(0);
  });
});
