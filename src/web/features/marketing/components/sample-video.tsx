import { useEffect, useRef, useState } from 'react';
import { playWhileVisible } from '@/lib/play-while-visible';

const RETRY_MS = 10_000;

/**
 * One looping sample ad, playing while it is in view (play-while-visible.ts). A new install makes
 * the samples in the background after its first start (the server answers 404 until then), so a
 * video that cannot load says it is being prepared and tries again every few seconds instead of
 * showing an empty black frame.
 */
export const SampleVideo = ({ src, label }: { src: string; label: string }) => {
  const [attempt, setAttempt] = useState(0);
  const [preparing, setPreparing] = useState(false);
  const videoRef = useRef<HTMLVideoElement>(null);

  useEffect(() => {
    const video = videoRef.current;
    return video ? playWhileVisible(video) : undefined;
  }, [attempt, preparing]);

  useEffect(() => {
    if (!preparing) return;
    const timer = window.setTimeout(() => {
      setPreparing(false);
      setAttempt((n) => n + 1);
    }, RETRY_MS);
    return () => window.clearTimeout(timer);
  }, [preparing]);

  if (preparing) {
    return (
      <div
        role="status"
        className="flex aspect-[9/16] w-full flex-col items-center justify-center gap-2 rounded-[1.4rem] bg-zinc-900 p-4 text-center text-sm text-zinc-200"
      >
        <span className="font-medium">Preparing this sample video…</span>
        <span className="text-xs text-zinc-400">
          A new install makes its examples after the first start; they appear here in about a
          minute.
        </span>
      </div>
    );
  }
  return (
    <video
      key={attempt}
      ref={videoRef}
      className="aspect-[9/16] w-full rounded-[1.4rem] bg-zinc-900 object-cover"
      src={src}
      aria-label={label}
      muted
      loop
      playsInline
      preload="metadata"
      onError={() => setPreparing(true)}
    />
  );
};
