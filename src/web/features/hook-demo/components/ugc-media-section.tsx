import { Grid2x2, Upload, UserRound } from 'lucide-react';
import { useRef, useState } from 'react';
import { Link } from 'react-router';
import type { TCharacter, TPremadeCharacter } from '#contract/characters';
import { PREMADE_CHARACTERS_INLINE } from '#contract/characters';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Label } from '@/components/ui/label';
import { RadioGroup, RadioGroupItem } from '@/components/ui/radio-group';
import { Skeleton } from '@/components/ui/skeleton';
import { toast } from '@/components/ui/use-toast';
import { useUploadCreatorClip } from '../api/characters';
import { errorMessage } from '../lib/error-message';
import type { UgcMediaType } from '../lib/demo-state';
import type { CharacterChoice } from '../hooks/use-demo-editor';
import { CharacterTile } from './character-tile';
import { SectionCard } from './section-card';

type UgcMediaSectionProps = {
  mediaType: UgcMediaType;
  onMediaTypeChange: (type: UgcMediaType) => void;
  premade: TPremadeCharacter[] | undefined;
  premadeFailed: boolean;
  library: TCharacter[] | undefined;
  signedIn: boolean;
  selectedId: string | null;
  selectedUrl: string | null;
  onToggle: (choice: CharacterChoice) => void;
};

/**
 * docs/product/hook-demo.md rule 3: "UGC Media", pre-made characters, or the user's own (decision
 * 040).
 */
export const UgcMediaSection = ({
  mediaType,
  onMediaTypeChange,
  premade,
  premadeFailed,
  library,
  signedIn,
  selectedId,
  selectedUrl,
  onToggle,
}: UgcMediaSectionProps) => {
  const [browsing, setBrowsing] = useState(false);
  const clipInput = useRef<HTMLInputElement>(null);
  const uploadClip = useUploadCreatorClip();
  const isSelected = (id: string, url: string) => selectedId === id && selectedUrl === url;
  const premadeTile = (c: TPremadeCharacter) => (
    <CharacterTile
      key={c.id}
      name={c.name}
      url={c.url}
      thumbnailUrl={c.thumbnailUrl}
      isVideo={c.kind === 'video'}
      selected={isSelected(c.id, c.url)}
      onToggle={() => onToggle({ id: c.id, url: c.url })}
    />
  );

  return (
    <SectionCard number={2} title="UGC Media" id="hook-demo-ugc">
      <RadioGroup
        aria-label="UGC media"
        value={mediaType}
        onValueChange={(v) => onMediaTypeChange(v === 'custom' ? 'custom' : 'premade')}
        className="grid-cols-1 sm:grid-cols-2"
      >
        <Label
          htmlFor="hook-demo-ugc-premade"
          className="flex cursor-pointer items-center gap-3 rounded-lg border p-3 font-normal has-[[data-state=checked]]:border-primary has-[[data-state=checked]]:bg-accent/40"
        >
          <RadioGroupItem id="hook-demo-ugc-premade" value="premade" />
          Pre-made AI Characters
        </Label>
        <Label
          htmlFor="hook-demo-ugc-custom"
          className="flex cursor-pointer items-center gap-3 rounded-lg border p-3 font-normal has-[[data-state=checked]]:border-primary has-[[data-state=checked]]:bg-accent/40"
        >
          <RadioGroupItem id="hook-demo-ugc-custom" value="custom" />
          Generate Custom AI Character
        </Label>
      </RadioGroup>

      {mediaType === 'premade' ? (
        premade === undefined && !premadeFailed ? (
          <div role="status" aria-label="Loading characters" className="grid grid-cols-4 gap-2">
            {Array.from({ length: 4 }, (_, i) => (
              <Skeleton key={i} className="aspect-[9/16] w-full rounded-lg" />
            ))}
          </div>
        ) : !premade?.length ? (
          <div className="rounded-lg border border-dashed px-4 py-8 text-center">
            <UserRound aria-hidden="true" className="mx-auto size-6 text-muted-foreground" />
            <p className="mt-2 text-sm font-medium">No pre-made characters available</p>
            <p className="text-xs text-muted-foreground">Upload characters to get started</p>
          </div>
        ) : (
          <div className="space-y-3">
            <div className="flex items-center justify-between text-sm">
              <span className="text-muted-foreground">Pick the face of your ad</span>
              <span className="text-xs text-muted-foreground tabular-nums">
                {Math.min(PREMADE_CHARACTERS_INLINE, premade.length)}/{premade.length}
              </span>
            </div>
            <div className="grid grid-cols-4 gap-2 sm:grid-cols-5">
              {premade.slice(0, PREMADE_CHARACTERS_INLINE).map(premadeTile)}
              <button
                type="button"
                onClick={() => setBrowsing(true)}
                aria-label="Browse More characters"
                className="flex aspect-[9/16] flex-col items-center justify-center gap-1 rounded-lg border-2 border-dashed text-xs font-medium text-muted-foreground transition hover:border-primary/40 hover:text-foreground focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none"
              >
                <Grid2x2 aria-hidden="true" className="size-4" />
                Browse More
              </button>
            </div>
          </div>
        )
      ) : (
        <div className="space-y-3">
          <p className="rounded-lg bg-muted/50 px-3 py-2 text-sm text-muted-foreground">
            Generating a character here: Coming soon. Meanwhile, use one from your{' '}
            <Link
              to="/characters"
              className="font-medium text-primary underline-offset-4 hover:underline"
            >
              AI Characters
            </Link>{' '}
            library.
          </p>
          {signedIn ? (
            <div className="flex flex-wrap items-center gap-2">
              <input
                ref={clipInput}
                type="file"
                accept="video/*"
                className="sr-only"
                aria-label="Your own creator clip"
                onChange={(e) => {
                  const file = e.target.files?.[0];
                  e.target.value = '';
                  if (!file) return;
                  uploadClip.mutate(file, {
                    onSuccess: (c) => {
                      if (c.clipUrl) onToggle({ id: c.id, url: c.clipUrl });
                      toast({ title: 'Clip added', description: `${c.name} is in your library.` });
                    },
                    onError: (error) =>
                      toast({
                        variant: 'destructive',
                        title: 'Upload failed',
                        description: errorMessage(error, 'The clip could not be uploaded'),
                      }),
                  });
                }}
              />
              <Button
                type="button"
                variant="outline"
                size="sm"
                disabled={uploadClip.isPending}
                onClick={() => clipInput.current?.click()}
              >
                <Upload aria-hidden="true" />
                {uploadClip.isPending ? 'Uploading clip…' : 'Upload your own clip'}
              </Button>
              <span className="text-xs text-muted-foreground">
                A video of you or a creator you hired, up to 30 s.
              </span>
            </div>
          ) : null}
          {!signedIn ? null : library === undefined ? (
            <Skeleton className="h-24 w-full rounded-lg" />
          ) : library.length === 0 ? (
            <p className="text-sm text-muted-foreground">No characters in your library yet.</p>
          ) : (
            <div className="grid grid-cols-4 gap-2 sm:grid-cols-5">
              {library.map((c) => {
                // Once the motion step has made a clip of the character, the clip is the
                // character: it moves in the ad instead of standing still.
                const url = c.clipUrl ?? c.imageUrl;
                return (
                  <CharacterTile
                    key={c.id}
                    name={c.name}
                    url={url}
                    thumbnailUrl={c.imageUrl}
                    isVideo={c.clipUrl !== null}
                    selected={isSelected(c.id, url)}
                    onToggle={() => onToggle({ id: c.id, url })}
                  />
                );
              })}
            </div>
          )}
        </div>
      )}

      <Dialog open={browsing} onOpenChange={setBrowsing}>
        <DialogContent className="max-h-[90vh] overflow-y-auto sm:max-w-2xl">
          <DialogHeader>
            <DialogTitle>Select a Pre‑made Character</DialogTitle>
            <DialogDescription>
              Hover a clip to play it; pick the one that fits your ad.
            </DialogDescription>
          </DialogHeader>
          <div className="grid grid-cols-3 gap-2 sm:grid-cols-5">{premade?.map(premadeTile)}</div>
          <DialogFooter>
            <Button type="button" onClick={() => setBrowsing(false)}>
              Done
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </SectionCard>
  );
};
