import { CharactersPage } from '@/features/characters/components/characters-page';

/** /characters: the AI Characters page. */
export const CharactersRoute = () => <CharactersPage />;
