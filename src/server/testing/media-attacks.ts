/**
 * Files that are not media but lead ffmpeg to other files (issue 22): what an attacker serves or
 * uploads as "clip.mp4" to have a render, a probe or a thumbnail read someone else's video.
 */

/** An HLS playlist whose one segment is `target`, read through `file://`. */
export const playlistTo = (target: string) =>
  Buffer.from(
    [
      '#EXTM3U',
      '#EXT-X-VERSION:3',
      '#EXT-X-TARGETDURATION:10',
      '#EXTINF:2.0,',
      `file://${target}`,
      '#EXT-X-ENDLIST',
      '',
    ].join('\n'),
  );

/** An ffconcat list naming `target` (the concat demuxer reads it when the content is guessed). */
export const ffconcatTo = (target: string) =>
  Buffer.from(['ffconcat version 1.0', `file '${target}'`, ''].join('\n'));
