import { ImagePlus, X } from 'lucide-react';
import type { ChangeEvent } from 'react';
import { useEffect, useId, useRef, useState } from 'react';
import { PRODUCT_MAX_IMAGES } from '#contract/products';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { IMAGE_ACCEPT, keepImages } from './keep-images';

type Picked = { file: File; url: string };

type ProductImagesFieldProps = {
  /** Called with the kept files whenever the choice changes. */
  onChange: (files: File[]) => void;
  disabled?: boolean;
};

/**
 * The optional "Images" field of onboarding and of "Create Product" (docs/product/dashboard.md rule
 * 4; docs/product/products.md rule 1): image files only, several at once, the first 5 kept, each
 * shown as a thumbnail that can be removed. A file whose preview cannot be drawn is not an image (a
 * renamed text file, a broken download) and is dropped, so it cannot fail the upload later.
 * Uncontrolled: remount it (a new
 * `key`) to clear it.
 */
export const ProductImagesField = ({ onChange, disabled = false }: ProductImagesFieldProps) => {
  const inputId = useId();
  const hintId = useId();
  const [picked, setPicked] = useState<Picked[]>([]);
  const [skipped, setSkipped] = useState(0);
  // The previews' object URLs are freed when the field goes away, whatever is chosen by then.
  const pickedRef = useRef<Picked[]>([]);
  useEffect(
    () => () => {
      for (const p of pickedRef.current) URL.revokeObjectURL(p.url);
    },
    [],
  );

  const update = (next: Picked[]) => {
    pickedRef.current = next;
    setPicked(next);
    onChange(next.map((p) => p.file));
  };

  const onFilesChosen = (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = Array.from(event.target.files ?? []);
    // Cleared so that choosing the same file again after removing it still counts.
    event.target.value = '';
    if (chosen.length === 0) return;
    const current = picked.map((p) => p.file);
    const kept = keepImages(current, chosen);
    const added = kept.files
      .slice(current.length)
      .map((file) => ({ file, url: URL.createObjectURL(file) }));
    setSkipped(kept.skipped);
    if (added.length > 0) update([...picked, ...added]);
  };

  // Read from the ref: the error arrives after later choices may have changed the list.
  const dropUnreadable = (url: string) => {
    if (!pickedRef.current.some((p) => p.url === url)) return;
    URL.revokeObjectURL(url);
    setSkipped((n) => n + 1);
    update(pickedRef.current.filter((p) => p.url !== url));
  };

  const remove = (index: number) => {
    const gone = picked[index];
    if (gone) URL.revokeObjectURL(gone.url);
    setSkipped(0);
    update(picked.filter((_, i) => i !== index));
  };

  const full = picked.length >= PRODUCT_MAX_IMAGES;

  return (
    <div className="grid gap-2">
      <Label htmlFor={inputId}>Images</Label>
      <Input
        id={inputId}
        type="file"
        accept={IMAGE_ACCEPT}
        multiple
        disabled={disabled || full}
        aria-describedby={hintId}
        onChange={onFilesChosen}
        // The input is emptied after each choice (so a removed file can be chosen again), which
        // would make the browser say "No file chosen" beside the thumbnails; the hint counts instead.
        className="cursor-pointer text-transparent"
      />
      <p id={hintId} className="text-xs text-muted-foreground">
        Optional, up to {PRODUCT_MAX_IMAGES} images ({picked.length}/{PRODUCT_MAX_IMAGES} chosen).
        {skipped > 0
          ? ` ${skipped === 1 ? '1 file was' : `${skipped} files were`} left out: only JPEG, PNG, GIF or WebP images, ${PRODUCT_MAX_IMAGES} at most.`
          : ''}
      </p>
      {picked.length > 0 ? (
        <ul aria-label="Chosen images" className="flex flex-wrap gap-2">
          {picked.map((p, index) => (
            <li key={p.url} className="relative size-20 overflow-hidden rounded-lg border bg-muted">
              <img
                src={p.url}
                alt={`Preview ${index + 1}: ${p.file.name}`}
                className="size-full object-cover"
                onError={() => dropUnreadable(p.url)}
              />
              <Button
                type="button"
                variant="secondary"
                size="icon"
                disabled={disabled}
                onClick={() => remove(index)}
                aria-label={`Remove image ${index + 1}`}
                className="absolute top-1 right-1 size-6 rounded-full bg-background/90 shadow-sm hover:bg-background"
              >
                <X aria-hidden="true" className="size-3.5" />
              </Button>
            </li>
          ))}
          {!full ? (
            <li
              aria-hidden="true"
              className="flex size-20 items-center justify-center rounded-lg border border-dashed text-muted-foreground"
            >
              <ImagePlus className="size-5" />
            </li>
          ) : null}
        </ul>
      ) : null}
    </div>
  );
};
