import { describe, expect, it } from 'vitest';
import { buildHookDemoEdit } from './hook-demo';
import { applyMergeFields, outputFrame, ZRenderEdit } from './render';

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
  it('names a field outside what the renderers draw', () => {
    const edit = base() as unknown as { timeline: { tracks: { clips: object[] }[] } };
    Object.assign(edit.timeline.tracks[1]!.clips[0]!, { filter: 'greyscale' });
    const issue = firstIssue(edit);
    expect(issue.message).toBe('Unsupported field: filter');
    expect(issue.path).toEqual(['timeline', 'tracks', 1, 'clips', 0]);
  });

  it("takes Shotstack's documented effects, transitions and presets, and refuses other names", () => {
    const edit = base() as unknown as {
      timeline: { tracks: { clips: object[] }[] };
      output: object;
    };
    Object.assign(edit.timeline.tracks[1]!.clips[0]!, {
      effect: 'zoomInSlow',
      transition: { in: 'carouselLeftFast', out: 'shuffleTopRight' },
    });
    expect(ZRenderEdit.safeParse(edit).success).toBe(true);
    expect(
      ZRenderEdit.safeParse({
        ...edit,
        output: { format: 'mp4', resolution: 'hd', aspectRatio: '1:1' },
      }).success,
    ).toBe(true);

    const luma = base() as unknown as { timeline: { tracks: { clips: { asset: object }[] }[] } };
    luma.timeline.tracks[1]!.clips[0]!.asset = { type: 'luma', src: '/x.mp4' };
    expect(firstIssue(luma).path).toEqual(['timeline', 'tracks', 1, 'clips', 0, 'asset', 'type']);

    const spin = base() as unknown as { timeline: { tracks: { clips: object[] }[] } };
    Object.assign(spin.timeline.tracks[1]!.clips[0]!, { transition: { in: 'spin' } });
    const issue = firstIssue(spin);
    expect(issue.path).toEqual(['timeline', 'tracks', 1, 'clips', 0, 'transition', 'in']);
    expect(issue.message).toMatch(/^Unsupported transition: "spin"; use one of none, fade/);
  });

  it('works out the output frame as Shotstack does', () => {
    expect(outputFrame({ format: 'mp4' })).toEqual({ width: 1024, height: 576, fps: 25 });
    expect(
      outputFrame({ format: 'mp4', resolution: '1080', aspectRatio: '9:16', fps: 30 }),
    ).toEqual({ width: 1080, height: 1920, fps: 30 });
    expect(outputFrame({ format: 'mp4', resolution: 'preview', aspectRatio: '4:5' })).toEqual({
      width: 288,
      height: 360,
      fps: 15,
    });
    expect(outputFrame({ format: 'mp4', resolution: 'hd', aspectRatio: '4:3' })).toEqual({
      width: 960,
      height: 720,
      fps: 25,
    });
  });

  it('refuses other outputs and over-long timelines', () => {
    const edit = base();
    expect(
      firstIssue({ ...edit, output: { ...edit.output, size: { width: 1921, height: 1080 } } }).path,
    ).toEqual(['output', 'size', 'width']);
    expect(firstIssue({ ...edit, output: { ...edit.output, format: 'gif' } }).path).toEqual([
      'output',
      'format',
    ]);
    const long = base();
    long.timeline.tracks[1]!.clips[1]!.length = 58;
    expect(firstIssue(long).message).toMatch(/at most 60 s/);
  });

  it('applies merge fields, keeping a whole-value placeholder its type', () => {
    const merged = applyMergeFields({
      timeline: {
        tracks: [
          {
            clips: [
              { asset: { type: 'title', text: 'Hi {{ NAME }}!' }, start: 0, length: '{{LEN}}' },
            ],
          },
        ],
      },
      output: { format: 'mp4' },
      merge: [
        { find: 'NAME', replace: 'Ana' },
        { find: 'LEN', replace: 4 },
      ],
    });
    const edit = ZRenderEdit.parse(merged);
    expect(edit.timeline.tracks[0]!.clips[0]).toMatchObject({
      asset: { text: 'Hi Ana!' },
      length: 4,
    });
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
