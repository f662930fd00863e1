import { FolderKanban, Loader2, RotateCw, Sparkles, Users, Wallet } from 'lucide-react';
import type { ReactNode } from 'react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import type { TCharacter } from '#contract/characters';
import { CHARACTER_GENERATION_CREDITS } from '#contract/characters';
import { PageHeader } from '@/components/layout/page-header';
import { Alert, AlertDescription } from '@/components/ui/alert';
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '@/components/ui/alert-dialog';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { toast } from '@/components/ui/use-toast';
import { ApiError } from '@/lib/api-client';
import {
  useCampaigns,
  useCharacterLibrary,
  useDeleteCharacter,
  useDraftCount,
  useStartVideoWithCharacter,
} from '../api/characters-api';
import { activeProjectsLabel, campaignsInProgress, creditsUsedLabel } from '../lib/active-projects';
import { CharacterCard } from './character-card';
import type { GenerationStart } from './character-generation-dialog';
import { CharacterGenerationDialog } from './character-generation-dialog';

const EMPTY_START: GenerationStart = { prompt: '', stylePreset: 'iphone' };

const Stat = ({ icon, label, value }: { icon: ReactNode; label: string; value: ReactNode }) => (
  <Card className="flex-row items-center gap-4 px-5 py-4">
    <span className="rounded-lg bg-primary/10 p-2.5 text-primary">{icon}</span>
    <div>
      <p className="text-sm text-muted-foreground">{label}</p>
      <p className="text-2xl font-semibold tabular-nums">{value}</p>
    </div>
  </Card>
);

const localToday = () => {
  const d = new Date();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
};

/** /characters (docs/product/characters.md rule 3). */
export const CharactersPage = () => {
  const library = useCharacterLibrary();
  const drafts = useDraftCount();
  const campaigns = useCampaigns();
  const remove = useDeleteCharacter();
  const startVideo = useStartVideoWithCharacter();
  const navigate = useNavigate();
  const [dialog, setDialog] = useState<GenerationStart | null>(null);
  const [deleting, setDeleting] = useState<TCharacter | null>(null);

  const characters = library.data ?? [];
  const activeProjects =
    drafts.data === undefined
      ? '…'
      : activeProjectsLabel(drafts.data, campaignsInProgress(campaigns.data ?? [], localToday()));

  const startWithCharacter = (character: { id: string; imageUrl: string }) =>
    startVideo.mutate(character, {
      onSuccess: (draft) =>
        void navigate(`/create?draftId=${encodeURIComponent(draft.id)}&type=video`),
      onError: (error) =>
        toast({
          variant: 'destructive',
          title: 'Failed to create draft',
          description:
            error instanceof ApiError ? (error.serverMessage ?? error.message) : undefined,
        }),
    });

  const confirmDelete = () => {
    if (!deleting) return;
    remove.mutate(deleting.id, {
      onSuccess: () =>
        toast({
          title: 'Character deleted',
          description: 'The character has been successfully removed.',
        }),
      onError: () =>
        toast({
          variant: 'destructive',
          title: 'Error',
          description: 'Failed to delete character. Please try again.',
        }),
      onSettled: () => setDeleting(null),
    });
  };

  return (
    <>
      <PageHeader
        title="AI Characters"
        subtitle="Faces for your UGC videos: generate them, keep them, use them"
        action={
          <Button type="button" onClick={() => setDialog(EMPTY_START)}>
            <Sparkles aria-hidden="true" />
            Generate Character
          </Button>
        }
      />

      <section aria-label="Statistics" className="mb-8 grid gap-4 sm:grid-cols-3">
        <Stat
          icon={<Users aria-hidden="true" className="size-5" />}
          label="Total Characters"
          value={library.data ? characters.length : '…'}
        />
        <Stat
          icon={<Wallet aria-hidden="true" className="size-5" />}
          label="Credits Used"
          value={
            library.data ? creditsUsedLabel(characters.length, CHARACTER_GENERATION_CREDITS) : '…'
          }
        />
        <Stat
          icon={<FolderKanban aria-hidden="true" className="size-5" />}
          label="Active Projects"
          value={activeProjects}
        />
      </section>

      {library.isPending ? (
        <div role="status" className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3 2xl:grid-cols-4">
          <span className="sr-only">Loading characters…</span>
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} className="aspect-[4/5] w-full rounded-xl" />
          ))}
        </div>
      ) : library.isError ? (
        <Alert variant="destructive">
          <AlertDescription className="flex flex-wrap items-center gap-3">
            Couldn&apos;t load your characters.
            <Button
              type="button"
              variant="outline"
              size="sm"
              onClick={() => void library.refetch()}
            >
              <RotateCw aria-hidden="true" />
              Try again
            </Button>
          </AlertDescription>
        </Alert>
      ) : characters.length === 0 ? (
        <Card className="items-center gap-3 px-6 py-14 text-center">
          <p className="text-lg font-semibold">No characters yet</p>
          <p className="max-w-md text-sm text-muted-foreground">
            Describe a person, pick a style and save them: your characters can front your Hook +
            Demo videos.
          </p>
          <Button type="button" onClick={() => setDialog(EMPTY_START)}>
            <Sparkles aria-hidden="true" />
            Generate Character
          </Button>
        </Card>
      ) : (
        <ul
          aria-label="My characters"
          className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3 2xl:grid-cols-4"
        >
          {characters.map((character) => (
            <li key={character.id} className="flex min-w-0">
              <CharacterCard
                character={character}
                onEdit={() =>
                  setDialog({ prompt: character.description, stylePreset: character.stylePreset })
                }
                onUse={() => startWithCharacter(character)}
                onDelete={() => setDeleting(character)}
                isUsing={startVideo.isPending && startVideo.variables.id === character.id}
              />
            </li>
          ))}
        </ul>
      )}

      <CharacterGenerationDialog
        open={dialog !== null}
        onOpenChange={(open) => {
          if (!open) setDialog(null);
        }}
        start={dialog ?? EMPTY_START}
        library={characters}
        onContinue={startWithCharacter}
        isContinuing={startVideo.isPending}
        onBack={() => void navigate('/create')}
      />

      <AlertDialog
        open={deleting !== null}
        onOpenChange={(open) => {
          if (!open && !remove.isPending) setDeleting(null);
        }}
      >
        <AlertDialogContent>
          <AlertDialogHeader>
            <AlertDialogTitle>Delete {deleting?.name ?? 'character'}?</AlertDialogTitle>
            <AlertDialogDescription>
              Are you sure you want to delete this character?
            </AlertDialogDescription>
          </AlertDialogHeader>
          <AlertDialogFooter>
            <AlertDialogCancel disabled={remove.isPending}>Cancel</AlertDialogCancel>
            <AlertDialogAction
              onClick={(event) => {
                event.preventDefault();
                confirmDelete();
              }}
              disabled={remove.isPending}
            >
              {remove.isPending ? <Loader2 aria-hidden="true" className="animate-spin" /> : null}
              Delete
            </AlertDialogAction>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>
    </>
  );
};
