import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ZPremadeCharacterListResponse } from '#contract/characters';
import { listPremadeCharacters } from './premade-catalogue';

export const registerCharactersRoutes = (app: FastifyInstance) => {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['characters'];

  // Platform content like the image library: listed to anyone, signed in or not.
  r.get('/api/characters/list', {
    schema: {
      tags,
      summary: 'The 10 pre-made characters: looping clips and portraits at stable /media URLs',
      response: { 200: ZPremadeCharacterListResponse },
    },
    handler: () => ({ files: listPremadeCharacters() }),
  });
};
