import { describe, expect, it } from 'vitest';
import { buildHookDemoEdit } from './hook-demo';
import { ZRenderEdit } from './render';

const base = () =>
  buildHookDemoEdit({
    hookText: 'Hook',
    characterUrl: '/media/characters/a.mp4',
    productVideoUrl: '/files/p.mp4',
  });

const firstIssue = (input: unknown) => {
  const result = ZRenderEdit.safeParse(input);
  expect(result.success).toBe(false);
  return result.error!.issues[0]!;
};

describe('ZRenderEdit', () => {
  it('names a field outside the subset', () => {
    const edit = base() as unknown as { timeline: { tracks: { clips: object[] }[] } };
    Object.assign(edit.timeline.tracks[1]!.clips[0]!, { effect: 'zoomIn' });
    const issue = firstIssue(edit);
    expect(issue.message).toBe('Unsupported field: effect');
    expect(issue.path).toEqual(['timeline', 'tracks', 1, 'clips', 0]);
  });

  it('refuses asset types and transitions neither renderer draws', () => {
    const edit = base() as unknown as { timeline: { tracks: { clips: { asset: object }[] }[] } };
    edit.timeline.tracks[1]!.clips[0]!.asset = { type: 'luma', src: '/x.mp4' };
    expect(firstIssue(edit).path).toEqual(['timeline', 'tracks', 1, 'clips', 0, 'asset', 'type']);

    const wipe = base() as unknown as { timeline: { tracks: { clips: object[] }[] } };
    Object.assign(wipe.timeline.tracks[1]!.clips[0]!, { transition: { in: 'wipeLeft' } });
    expect(firstIssue(wipe).path).toEqual([
      'timeline',
      'tracks',
      1,
      'clips',
      0,
      'transition',
      'in',
    ]);
  });

  it('refuses other outputs and over-long timelines', () => {
    const edit = base();
    expect(
      firstIssue({ ...edit, output: { ...edit.output, size: { width: 1920, height: 1080 } } }).path,
    ).toEqual(['output', 'size', 'width']);
    expect(firstIssue({ ...edit, output: { ...edit.output, format: 'gif' } }).path).toEqual([
      'output',
      'format',
    ]);
    const long = base();
    long.timeline.tracks[1]!.clips[1]!.length = 58;
    expect(firstIssue(long).message).toMatch(/at most 60 s/);
  });

  it('refuses sources that are neither http(s) nor a path of this site', () => {
    const edit = base();
    edit.timeline.tracks[1]!.clips[0]!.asset = { type: 'video', src: 'file:///etc/passwd' };
    expect(firstIssue(edit).path).toEqual(['timeline', 'tracks', 1, 'clips', 0, 'asset', 'src']);
  });

  it('refuses overlapping clips on one track', () => {
    const edit = base();
    edit.timeline.tracks[1]!.clips[1]!.start = 4;
    const issue = firstIssue(edit);
    expect(issue.path).toEqual(['timeline', 'tracks', 1, 'clips', 1, 'start']);
    expect(issue.message).toMatch(/must not overlap/);
  });
});
