import { Loader2, Pencil, Play, Trash2 } from 'lucide-react';
import type { TCharacter } from '#contract/characters';
import { characterStyleLabel } from '#contract/characters';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';

type CharacterCardProps = {
  character: TCharacter;
  onEdit: () => void;
  onUse: () => void;
  onDelete: () => void;
  isUsing: boolean;
};

/** One character of the library: portrait, name, style, description and its three actions. */
export const CharacterCard = ({
  character,
  onEdit,
  onUse,
  onDelete,
  isUsing,
}: CharacterCardProps) => (
  <Card className="w-full gap-0 overflow-hidden py-0">
    <img
      src={character.imageUrl}
      alt={`${character.name}, ${characterStyleLabel(character.stylePreset)}`}
      loading="lazy"
      className="aspect-square w-full bg-muted object-cover"
    />
    <div className="flex flex-1 flex-col gap-2 p-4">
      <div className="flex items-center justify-between gap-2">
        <h2 className="truncate font-semibold">{character.name}</h2>
        <Badge variant="secondary">{characterStyleLabel(character.stylePreset)}</Badge>
      </div>
      {character.description ? (
        <p className="line-clamp-2 text-sm text-muted-foreground">{character.description}</p>
      ) : null}
      <p className="text-xs text-muted-foreground">
        Created {new Date(character.createdAt).toLocaleDateString()}
      </p>
      <div className="mt-auto flex gap-2 pt-2">
        <Button
          type="button"
          variant="outline"
          size="sm"
          onClick={onEdit}
          aria-label={`Edit ${character.name}`}
        >
          <Pencil aria-hidden="true" />
          Edit
        </Button>
        <Button
          type="button"
          size="sm"
          onClick={onUse}
          disabled={isUsing}
          aria-busy={isUsing || undefined}
          aria-label={`Use ${character.name}`}
        >
          {isUsing ? (
            <Loader2 aria-hidden="true" className="animate-spin" />
          ) : (
            <Play aria-hidden="true" />
          )}
          Use
        </Button>
        <Button
          type="button"
          variant="ghost"
          size="sm"
          className="ml-auto text-destructive hover:text-destructive"
          onClick={onDelete}
          aria-label={`Delete ${character.name}`}
        >
          <Trash2 aria-hidden="true" />
          Delete
        </Button>
      </div>
    </div>
  </Card>
);
