import { ArrowLeft, ArrowRight, ImageIcon, Loader2, Save, Sparkles } from 'lucide-react';
import { useState } from 'react';
import type {
  TCharacter,
  TCharacterStylePreset,
  TGenerateCharacterResponse,
} from '#contract/characters';
import {
  CHARACTER_GENERATION_CREDITS,
  CHARACTER_IMAGE_SIZE,
  CHARACTER_LIBRARY_PREVIEW,
  CHARACTER_STYLE_PRESETS,
  characterStyleLabel,
} from '#contract/characters';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';
import { toast } from '@/components/ui/use-toast';
import { ApiError } from '@/lib/api-client';
import { isPaymentRequired } from '@/lib/payment-required';
import { cn } from '@/lib/utils';
import { useGenerateCharacter, useSaveCharacter } from '../api/characters-api';

export type GenerationStart = { prompt: string; stylePreset: TCharacterStylePreset };

type Generated = TGenerateCharacterResponse & GenerationStart;

type CharacterGenerationDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** What the form starts with (Edit opens it with a character's description and style). */
  start: GenerationStart;
  library: readonly TCharacter[];
  onContinue: (character: { id: string; imageUrl: string }) => void;
  isContinuing: boolean;
  onBack: () => void;
};

const failureDescription = (error: unknown) =>
  error instanceof ApiError && (error.code === 'ai_allowance_reached' || error.code === 'ai_busy')
    ? (error.serverMessage ?? 'Failed to generate character')
    : 'Failed to generate character';

/** The form, mounted per opening so each starts from `start`. */
const GenerationForm = ({
  start,
  library,
  onContinue,
  isContinuing,
  onBack,
}: Omit<CharacterGenerationDialogProps, 'open' | 'onOpenChange'>) => {
  const [prompt, setPrompt] = useState(start.prompt);
  const [stylePreset, setStylePreset] = useState<TCharacterStylePreset>(start.stylePreset);
  const [generated, setGenerated] = useState<Generated | null>(null);
  const [savedId, setSavedId] = useState<string | null>(null);
  const generate = useGenerateCharacter();
  const save = useSaveCharacter();

  const onGenerate = () => {
    const description = prompt.trim();
    if (!description) {
      toast({
        variant: 'destructive',
        title: 'Prompt required',
        description: 'Please enter a character description',
      });
      return;
    }
    generate.mutate(
      { prompt: description, stylePreset },
      {
        onSuccess: (result) => {
          setGenerated({ ...result, prompt: description, stylePreset });
          setSavedId(null);
          toast({
            title: 'Character generated successfully',
            description: 'Your AI character has been created successfully',
          });
        },
        onError: (error) => {
          // The upgrade dialog opens by itself on a 402.
          if (isPaymentRequired(error)) return;
          toast({
            variant: 'destructive',
            title: 'Generation failed',
            description: failureDescription(error),
          });
        },
      },
    );
  };

  const onSave = () => {
    if (!generated) return;
    save.mutate(
      {
        name: generated.name,
        description: generated.prompt,
        imageUrl: generated.imageUrl,
        stylePreset: generated.stylePreset,
        characterId: generated.id,
        metadata: { resolution: `${CHARACTER_IMAGE_SIZE}x${CHARACTER_IMAGE_SIZE}` },
      },
      {
        onSuccess: (character) => {
          setSavedId(character.id);
          toast({
            title: 'Character saved',
            description: 'Character has been added to your library',
          });
        },
        onError: (error) =>
          toast({
            variant: 'destructive',
            title: 'Save failed',
            description:
              error instanceof ApiError ? (error.serverMessage ?? error.message) : undefined,
          }),
      },
    );
  };

  const shownStyle = generated?.stylePreset ?? stylePreset;
  return (
    <div className="grid gap-6 md:grid-cols-[minmax(0,1fr)_minmax(0,20rem)]">
      <div className="grid content-start gap-5">
        <div className="grid gap-2">
          <Label htmlFor="character-description">Character Description</Label>
          <Textarea
            id="character-description"
            value={prompt}
            onChange={(e) => setPrompt(e.target.value)}
            placeholder="e.g. A friendly woman in her 30s with curly red hair and a green sweater"
            rows={4}
            maxLength={1000}
          />
        </div>

        <fieldset className="grid gap-2">
          <legend className="mb-2 text-sm font-medium">Style Preset</legend>
          <div className="grid grid-cols-2 gap-2 sm:grid-cols-3">
            {CHARACTER_STYLE_PRESETS.map((preset) => (
              <label
                key={preset.id}
                className={cn(
                  'cursor-pointer rounded-lg border px-3 py-2.5 text-sm font-medium transition-colors',
                  'has-[:focus-visible]:ring-[3px] has-[:focus-visible]:ring-ring/50',
                  preset.id === stylePreset
                    ? 'border-primary bg-primary/10 text-foreground'
                    : 'border-input hover:bg-muted',
                )}
              >
                <input
                  type="radio"
                  name="character-style-preset"
                  value={preset.id}
                  checked={preset.id === stylePreset}
                  onChange={() => setStylePreset(preset.id)}
                  className="sr-only"
                />
                {preset.label}
              </label>
            ))}
          </div>
        </fieldset>

        <Button
          type="button"
          onClick={onGenerate}
          disabled={generate.isPending}
          aria-busy={generate.isPending || undefined}
        >
          {generate.isPending ? (
            <Loader2 aria-hidden="true" className="animate-spin" />
          ) : (
            <Sparkles aria-hidden="true" />
          )}
          {generate.isPending
            ? 'Generating…'
            : `Generate Character (${CHARACTER_GENERATION_CREDITS} credits)`}
        </Button>

        <section aria-labelledby="library-preview-heading" className="grid gap-2">
          <h3 id="library-preview-heading" className="text-sm font-medium">
            My Character Library
          </h3>
          {library.length === 0 ? (
            <p className="text-sm text-muted-foreground">Characters you save appear here.</p>
          ) : (
            <ul className="grid grid-cols-6 gap-2">
              {library.slice(0, CHARACTER_LIBRARY_PREVIEW).map((c) => (
                <li key={c.id}>
                  <img
                    src={c.imageUrl}
                    alt={c.name}
                    title={c.name}
                    className="aspect-square w-full rounded-md bg-muted object-cover"
                  />
                </li>
              ))}
            </ul>
          )}
        </section>
      </div>

      <div className="grid content-start gap-4">
        <div className="relative aspect-square overflow-hidden rounded-xl border bg-muted">
          {generated ? (
            <img
              src={generated.imageUrl}
              alt={`Generated character ${generated.name}`}
              className="h-full w-full object-cover"
            />
          ) : (
            <div className="flex h-full flex-col items-center justify-center gap-2 p-6 text-center text-sm text-muted-foreground">
              {generate.isPending ? (
                <Loader2 aria-hidden="true" className="size-8 animate-spin" />
              ) : (
                <ImageIcon aria-hidden="true" className="size-8" />
              )}
              {generate.isPending
                ? 'Generating your character…'
                : 'Your character will appear here'}
            </div>
          )}
        </div>
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
          {generated ? (
            <>
              <dt className="text-muted-foreground">Name</dt>
              <dd className="font-medium">{generated.name}</dd>
            </>
          ) : null}
          <dt className="text-muted-foreground">Style</dt>
          <dd>{characterStyleLabel(shownStyle)}</dd>
          <dt className="text-muted-foreground">Resolution</dt>
          <dd>
            {CHARACTER_IMAGE_SIZE}x{CHARACTER_IMAGE_SIZE}
          </dd>
          {generated ? (
            <>
              <dt className="text-muted-foreground">Status</dt>
              <dd>{savedId ? 'Ready' : 'Generated'}</dd>
            </>
          ) : null}
        </dl>
        <div className="grid gap-2">
          <Button
            type="button"
            variant="outline"
            onClick={onSave}
            disabled={!generated || savedId !== null || save.isPending}
            aria-busy={save.isPending || undefined}
          >
            {save.isPending ? (
              <Loader2 aria-hidden="true" className="animate-spin" />
            ) : (
              <Save aria-hidden="true" />
            )}
            {savedId ? 'Saved to Library' : 'Save to Library'}
          </Button>
          <Button
            type="button"
            onClick={() =>
              generated && onContinue({ id: savedId ?? generated.id, imageUrl: generated.imageUrl })
            }
            disabled={!generated || isContinuing}
            aria-busy={isContinuing || undefined}
          >
            {isContinuing ? (
              <Loader2 aria-hidden="true" className="animate-spin" />
            ) : (
              <ArrowRight aria-hidden="true" />
            )}
            Continue to Content Creation
          </Button>
          <Button type="button" variant="ghost" onClick={onBack}>
            <ArrowLeft aria-hidden="true" />
            Back to Format Selection
          </Button>
        </div>
      </div>
    </div>
  );
};

/** "AI Character Generation" (docs/product/characters.md rule 2). */
export const CharacterGenerationDialog = ({
  open,
  onOpenChange,
  ...form
}: CharacterGenerationDialogProps) => (
  <Dialog open={open} onOpenChange={onOpenChange}>
    <DialogContent className="max-h-[92vh] overflow-y-auto sm:max-w-4xl">
      <DialogHeader>
        <DialogTitle>AI Character Generation</DialogTitle>
        <DialogDescription>
          Describe a person and pick a style; the character can front your Hook + Demo videos.
        </DialogDescription>
      </DialogHeader>
      {open ? <GenerationForm {...form} /> : null}
    </DialogContent>
  </Dialog>
);
