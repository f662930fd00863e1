import type { AiProductInput } from '../adapters/ai/ai-writer';

/** Realistic seller listings, for the writers' tests and `scripts/bench-ai.ts`. */
export const SAMPLE_PRODUCTS = {
  serum: {
    name: 'GlowDrop Vitamin C Serum',
    description:
      'A lightweight vitamin C serum for busy moms. Brightens dull skin in 2 weeks, fades dark spots and layers under makeup in 30 seconds. Only $24 for a 2-month bottle.',
  },
  backpack: {
    name: 'Nomad 40L Waterproof Travel Backpack',
    description:
      'Carry-on sized 40L backpack with a padded laptop sleeve, a separate shoe compartment and waterproof zips. Opens like a suitcase so packing takes minutes. Fits under most airline seats. $89.',
  },
  organiser: {
    name: 'Desk Cable Organiser',
    description:
      'Magnetic cable organiser that keeps your charging cables on the desk instead of behind it. Holds 6 cables, sticks to wood, glass or metal, and makes any home office setup look clean.',
  },
  pancakes: {
    name: 'Protein Pancake Mix',
    description:
      'High-protein pancake mix with 20g protein per serving. Just add water, ready in 5 minutes. Fluffy, gluten-free and made for gym-goers who hate boring breakfasts. Buttermilk flavour.',
  },
} satisfies Record<string, AiProductInput>;
