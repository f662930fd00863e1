export type Category =
  | 'skincare'
  | 'beauty'
  | 'fitness'
  | 'food'
  | 'travel'
  | 'office'
  | 'tech'
  | 'kitchen'
  | 'home'
  | 'pets'
  | 'baby'
  | 'fashion'
  | 'general';

/** Cue words per category; a word in the name counts double. Order breaks ties. */
export const CATEGORY_CUES: Record<Exclude<Category, 'general'>, string[]> = {
  skincare: [
    'serum',
    'skin',
    'skincare',
    'cream',
    'moisturizer',
    'moisturiser',
    'spf',
    'sunscreen',
    'cleanser',
    'retinol',
    'toner',
    'acne',
    'wrinkles',
    'glow',
    'lotion',
    'dark spots',
    'pores',
  ],
  beauty: ['makeup', 'lipstick', 'mascara', 'hair', 'nail', 'lash', 'perfume', 'brow', 'blush'],
  fitness: [
    'protein',
    'gym',
    'workout',
    'creatine',
    'shaker',
    'yoga',
    'dumbbell',
    'muscle',
    'fitness',
    'running',
    'training',
    'gym-goers',
  ],
  food: [
    'pancake',
    'snack',
    'coffee',
    'tea',
    'breakfast',
    'recipe',
    'flavour',
    'flavor',
    'gluten-free',
    'keto',
    'sauce',
    'granola',
    'cookie',
    'chocolate',
    'serving',
    'vegan',
  ],
  travel: [
    'travel',
    'backpack',
    'luggage',
    'suitcase',
    'carry-on',
    'flight',
    'airline',
    'passport',
    'packing',
    'trip',
    'airport',
  ],
  office: [
    'desk',
    'cable',
    'cables',
    'office',
    'monitor',
    'keyboard',
    'workspace',
    'organiser',
    'organizer',
    'setup',
    'wfh',
  ],
  tech: ['usb-c', 'charger', 'phone', 'headphones', 'earbuds', 'bluetooth', 'battery', 'speaker'],
  kitchen: ['blender', 'smoothie', 'kitchen', 'pan', 'knife', 'cup', 'mug', 'cooking', 'shake'],
  home: ['candle', 'pillow', 'blanket', 'cleaning', 'storage', 'lamp', 'sheets', 'bedroom'],
  pets: ['dog', 'cat', 'pet', 'puppy', 'leash', 'kitten', 'paw'],
  baby: ['baby', 'toddler', 'nursery', 'diaper', 'stroller', 'newborn'],
  fashion: [
    'dress',
    'shirt',
    'jeans',
    'shoes',
    'sneakers',
    'jewelry',
    'necklace',
    'hoodie',
    'outfit',
  ],
};

/** Used only when the seller named no audience, so audience hooks still have someone to call out. */
export const FALLBACK_AUDIENCE: Partial<Record<Category, [string, string]>> = {
  travel: ['frequent flyers', 'frequent flyer'],
  office: ['remote workers', 'remote worker'],
  fitness: ['gym-goers', 'gym-goer'],
  kitchen: ['home cooks', 'home cook'],
  pets: ['pet parents', 'pet parent'],
  baby: ['new parents', 'new parent'],
  food: ['breakfast people', 'breakfast person'],
};

export const detectCategory = (name: string, description: string): Category => {
  const nameText = ` ${name.toLowerCase()} `;
  const bodyText = ` ${description.toLowerCase()} `;
  let best: Category = 'general';
  let bestScore = 0;
  for (const [category, cues] of Object.entries(CATEGORY_CUES) as [Category, string[]][]) {
    let score = 0;
    for (const cue of cues) {
      const pattern = new RegExp(`[^a-z]${cue.replace(/[-]/g, '\\-')}s?[^a-z]`);
      if (pattern.test(nameText)) score += 2;
      if (pattern.test(bodyText)) score += 1;
    }
    if (score > bestScore) {
      best = category;
      bestScore = score;
    }
  }
  return best;
};
