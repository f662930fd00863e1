import type { Category } from '../product-facts';

// What each product category says: where it lives, what changes, its tone, tags and images.

/** Where the product lives, for "3 reasons this {item} {…}". */
export const STAYS: Record<Category, string> = {
  skincare: 'stays in my routine',
  beauty: 'never leaves my makeup bag',
  fitness: 'lives in my gym bag',
  food: 'is always in my pantry',
  travel: 'comes on every trip',
  office: 'stays on my desk',
  tech: 'is always in my bag',
  kitchen: 'never leaves my counter',
  home: 'earned a spot in my home',
  pets: 'my dog approves of',
  baby: 'is in every diaper bag I pack',
  fashion: 'is in every outfit rotation',
  general: 'earned a permanent spot',
};

/** What changes, for "My {…} before and after the {item}". */
export const BEFORE_AFTER: Record<Category, string> = {
  skincare: 'skin',
  beauty: 'makeup routine',
  fitness: 'protein intake',
  food: 'breakfast',
  travel: 'packing',
  office: 'desk',
  tech: 'setup',
  kitchen: 'mornings',
  home: 'space',
  pets: 'walks',
  baby: 'nights',
  fashion: 'outfits',
  general: 'routine',
};

/** The problem slide of a carousel when the seller named no pain point. */
export const PROBLEM: Record<Category, string | null> = {
  skincare: "Dull, tired skin that makeup can't hide?",
  beauty: "Makeup that doesn't last past lunch?",
  fitness: 'Hitting your protein goal feels like a second job?',
  food: 'Breakfast is either boring or a sugar crash?',
  travel: 'Overpacked, over the limit and paying bag fees again?',
  office: 'Cables everywhere and a desk that never looks clean?',
  tech: 'Always on 5% with the wrong cable?',
  kitchen: 'Mornings too rushed for a real breakfast?',
  home: 'Your space never feels quite finished?',
  pets: 'Every walk turns into a tug of war?',
  baby: 'Running on three hours of sleep?',
  fashion: 'Closet full and nothing to wear?',
  general: null,
};

export const TONE: Record<Category, string> = {
  skincare: 'Warm, honest and a little confessional',
  beauty: 'Playful, confident and glam without trying too hard',
  fitness: 'High-energy, no-nonsense and motivating',
  food: 'Cheerful, cosy and a bit indulgent',
  travel: 'Upbeat, practical and a little adventurous',
  office: 'Calm, tidy and quietly satisfying',
  tech: 'Curious, snappy and spec-savvy without the jargon',
  kitchen: 'Friendly, hands-on and practical',
  home: 'Relaxed, cosy and aesthetic',
  pets: 'Goofy, loving and a little chaotic',
  baby: 'Reassuring, real and sleep-deprived-funny',
  fashion: 'Confident, trendy and a bit cheeky',
  general: 'Friendly, honest and to the point',
};

export const CATEGORY_TAGS: Record<Category, string[]> = {
  skincare: ['skincare', 'skincareroutine', 'glowup', 'skintok'],
  beauty: ['beauty', 'makeuptok', 'beautyfinds', 'grwm'],
  fitness: ['gymtok', 'fitnesstips', 'highprotein', 'fitfam'],
  food: ['foodtok', 'easyrecipes', 'healthybreakfast', 'breakfastideas'],
  travel: ['travelhacks', 'packingtips', 'traveltok', 'carryon'],
  office: ['desksetup', 'wfh', 'officeorganization', 'cablemanagement'],
  tech: ['techtok', 'gadgets', 'techfinds', 'setup'],
  kitchen: ['kitchenhacks', 'kitchenfinds', 'cooktok', 'homecooking'],
  home: ['homefinds', 'homedecor', 'cozyhome', 'homehacks'],
  pets: ['pettok', 'dogsoftiktok', 'petfinds', 'petparents'],
  baby: ['momtok', 'babyfinds', 'newmom', 'parentinghacks'],
  fashion: ['fashiontok', 'ootd', 'styletips', 'outfitinspo'],
  general: ['musthaves', 'giftideas', 'everydayessentials', 'smallbusiness'],
};

/**
 * Words in a collection's key or name that suit each category, for the image choice: subjects
 * (an operator's "Kitchen" collection) and looks (the starter library's "Warm Sunset").
 */
export const COLLECTION_AFFINITY: Record<Category, string[]> = {
  skincare: [
    'pastel',
    'botanical',
    'marble',
    'soft',
    'skincare',
    'beauty',
    'skin',
    'selfcare',
    'self-care',
    'bathroom',
    'vanity',
    'glow',
    'spa',
  ],
  beauty: ['pastel', 'bokeh', 'marble', 'beauty', 'makeup', 'vanity', 'glam', 'selfcare'],
  fitness: [
    'bold',
    'pop',
    'neon',
    'fitness',
    'gym',
    'workout',
    'sport',
    'active',
    'health',
    'wellness',
  ],
  food: [
    'warm',
    'botanical',
    'paper',
    'food',
    'kitchen',
    'breakfast',
    'cooking',
    'healthy',
    'brunch',
    'recipe',
  ],
  travel: [
    'ocean',
    'sunset',
    'travel',
    'airport',
    'adventure',
    'outdoor',
    'vacation',
    'trip',
    'packing',
    'explore',
  ],
  office: [
    'paper',
    'geometry',
    'office',
    'desk',
    'workspace',
    'work',
    'setup',
    'productivity',
    'minimal',
    'tech',
  ],
  tech: ['neon', 'geometry', 'tech', 'gadget', 'desk', 'setup', 'electronic'],
  kitchen: ['warm', 'paper', 'kitchen', 'food', 'cooking', 'home'],
  home: ['botanical', 'paper', 'soft', 'home', 'interior', 'cozy', 'decor', 'living'],
  pets: ['pop', 'pastel', 'pet', 'dog', 'cat', 'animal'],
  baby: ['pastel', 'soft', 'baby', 'family', 'kid', 'parenting', 'nursery'],
  fashion: [
    'bold',
    'bokeh',
    'neon',
    'fashion',
    'style',
    'outfit',
    'ootd',
    'clothing',
    'streetwear',
  ],
  general: ['minimal', 'gradient', 'lifestyle'],
};

/** A collection any product can use, when no collection speaks to it. */
export const NEUTRAL_COLLECTION = ['lifestyle', 'general', 'everyday', 'aesthetic', 'minimal'];
