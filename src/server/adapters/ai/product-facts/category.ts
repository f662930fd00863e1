export type Category =
  | 'skincare'
  | 'beauty'
  | 'hair'
  | 'sleep'
  | 'fitness'
  | 'food'
  | 'coffee'
  | 'travel'
  | 'office'
  | 'tech'
  | 'kitchen'
  | 'home'
  | 'pets'
  | 'kids'
  | 'fashion'
  | 'general';

/**
 * Cue words per category with their weight: 3 for a word that names the category's own things
 * ("serum", "mascara"), 1 for a word many categories share ("glow", "bag"). A phrase may have
 * spaces. Plurals match their singular.
 */
const CUES: Record<Exclude<Category, 'general'>, Record<string, number>> = {
  skincare: {
    serum: 3,
    skincare: 3,
    moisturizer: 3,
    moisturiser: 3,
    spf: 3,
    sunscreen: 3,
    cleanser: 3,
    retinol: 3,
    toner: 3,
    acne: 3,
    wrinkle: 2,
    'fine line': 2,
    'dark spot': 2,
    pore: 2,
    blackhead: 3,
    'skin barrier': 3,
    ceramide: 3,
    'zinc oxide': 2,
    'white cast': 3,
    'clay mask': 3,
    eczema: 2,
    skin: 2,
    cream: 1,
    lotion: 1,
    glow: 1,
    dermatologist: 2,
    redness: 1,
  },
  beauty: {
    makeup: 2,
    lipstick: 3,
    lip: 2,
    mascara: 3,
    lash: 2,
    nail: 3,
    manicure: 3,
    polish: 1,
    perfume: 3,
    brow: 3,
    blush: 3,
    eyeliner: 3,
    foundation: 2,
    shade: 1,
    smudge: 1,
    'smudge-proof': 1,
  },
  hair: {
    hair: 3,
    curl: 3,
    curly: 3,
    frizz: 3,
    scalp: 3,
    shampoo: 3,
    conditioner: 3,
    'leave-in': 3,
    'blow-dry': 3,
    blowout: 3,
    bedhead: 2,
    curler: 3,
    scrunchie: 2,
    'hot brush': 3,
    'flat iron': 3,
    braid: 2,
    wavy: 1,
    'heat damage': 2,
  },
  sleep: {
    sleep: 2,
    asleep: 2,
    'sleep mask': 3,
    'weighted blanket': 3,
    earplug: 3,
    snoring: 3,
    insomnia: 3,
    bedtime: 1,
    nightstand: 1,
    'side sleeper': 2,
    'wake up': 1,
    alarm: 2,
    'white noise': 3,
    melatonin: 3,
    drift: 1,
    eyelid: 1,
  },
  fitness: {
    protein: 2,
    gym: 3,
    workout: 3,
    creatine: 3,
    yoga: 3,
    dumbbell: 3,
    muscle: 2,
    fitness: 3,
    running: 2,
    run: 1,
    training: 2,
    'gym-goer': 3,
    squat: 3,
    glute: 3,
    'resistance band': 3,
    pose: 1,
    sweat: 1,
    lbs: 1,
    kettlebell: 3,
  },
  food: {
    pancake: 2,
    snack: 2,
    tea: 2,
    breakfast: 2,
    recipe: 2,
    flavour: 2,
    flavor: 2,
    'gluten-free': 1,
    keto: 2,
    sauce: 2,
    'hot sauce': 3,
    granola: 3,
    cookie: 1,
    chocolate: 2,
    serving: 2,
    vegan: 1,
    carb: 2,
    sugar: 1,
    turmeric: 3,
    honey: 2,
    spicy: 2,
    fiber: 2,
    yogurt: 1,
    drink: 1,
  },
  coffee: {
    coffee: 4,
    espresso: 4,
    'cold brew': 4,
    'pour-over': 4,
    latte: 2,
    cappuccino: 3,
    barista: 3,
    frother: 3,
    'coffee bean': 4,
    bean: 2,
    roast: 3,
    dripper: 3,
    matcha: 1,
    caffeine: 1,
    brew: 3,
    microfoam: 3,
  },
  travel: {
    travel: 3,
    backpack: 2,
    luggage: 3,
    suitcase: 3,
    'carry-on': 2,
    flight: 2,
    airline: 3,
    passport: 3,
    packing: 3,
    trip: 2,
    airport: 3,
    'long-haul': 3,
    tsa: 3,
    hotel: 2,
    'checked bag': 3,
    camping: 1,
  },
  office: {
    desk: 3,
    cable: 1,
    office: 2,
    monitor: 2,
    keyboard: 2,
    workspace: 3,
    organiser: 1,
    organizer: 1,
    setup: 1,
    wfh: 3,
    'remote worker': 3,
    planner: 3,
    deadline: 2,
    notebook: 2,
    pen: 1,
    freelancer: 2,
    'standing desk': 3,
  },
  tech: {
    'usb-c': 1,
    charger: 3,
    charging: 2,
    phone: 1,
    iphone: 2,
    headphone: 3,
    earbud: 3,
    bluetooth: 3,
    battery: 2,
    speaker: 3,
    wireless: 2,
    'power bank': 4,
    mah: 3,
    'noise cancelling': 3,
    airpod: 2,
    'apple watch': 2,
    waterproof: 1,
  },
  kitchen: {
    blender: 3,
    smoothie: 2,
    kitchen: 3,
    pan: 2,
    knife: 3,
    mug: 1,
    cooking: 2,
    cook: 1,
    shake: 1,
    'meal prep': 3,
    'air fryer': 4,
    fryer: 3,
    dishwasher: 2,
    fridge: 2,
    oven: 2,
    microwave: 2,
    slice: 2,
    chef: 2,
    container: 1,
  },
  home: {
    candle: 3,
    pillow: 1,
    blanket: 1,
    cleaning: 3,
    scrub: 2,
    grout: 3,
    storage: 2,
    lamp: 2,
    sheets: 1,
    bedroom: 1,
    'living room': 3,
    curtain: 3,
    window: 1,
    decor: 3,
    cabinet: 2,
    sink: 1,
    couch: 1,
    cozy: 1,
    scented: 2,
    wick: 3,
  },
  pets: {
    dog: 3,
    cat: 3,
    pet: 3,
    puppy: 3,
    puppies: 3,
    leash: 3,
    harness: 2,
    kitten: 3,
    paw: 2,
    fur: 2,
    walk: 1,
    'picky cat': 3,
    'nail trim': 3,
    lick: 2,
    treat: 1,
  },
  kids: {
    baby: 3,
    toddler: 3,
    nursery: 3,
    diaper: 3,
    stroller: 3,
    newborn: 3,
    kid: 3,
    crib: 3,
    swaddle: 3,
    montessori: 3,
    'little one': 3,
    toy: 2,
    'car seat': 2,
    child: 3,
    children: 3,
  },
  fashion: {
    dress: 3,
    shirt: 2,
    jeans: 3,
    denim: 3,
    shoe: 3,
    sneaker: 3,
    jewelry: 3,
    jewellery: 3,
    necklace: 3,
    earring: 3,
    hoop: 2,
    hoodie: 3,
    outfit: 2,
    inseam: 3,
    'high-rise': 2,
    sleeve: 1,
    'gold-plated': 2,
    leggings: 2,
    boot: 2,
    wear: 1,
  },
};

/** Used only when the seller named no audience, so audience hooks still have someone to call out. */
export const FALLBACK_AUDIENCE: Partial<Record<Category, [string, string]>> = {
  travel: ['frequent travelers', 'frequent traveler'],
  office: ['remote workers', 'remote worker'],
  fitness: ['gym-goers', 'gym-goer'],
  kitchen: ['home cooks', 'home cook'],
  coffee: ['coffee lovers', 'coffee lover'],
  pets: ['pet parents', 'pet parent'],
  kids: ['new parents', 'new parent'],
  food: ['snack lovers', 'snack lover'],
  sleep: ['light sleepers', 'light sleeper'],
};

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\-]/g, '\\$&');

/** One pattern per category; a cue matches whole words, its plural included ("curls", "puppies"). */
const PATTERNS = (Object.entries(CUES) as [Exclude<Category, 'general'>, Record<string, number>][])
  .map(([category, cues]) =>
    Object.entries(cues).map(
      ([cue, weight]) =>
        [
          category,
          new RegExp(`(?<![a-z0-9])${escape(cue)}(?:s|es)?(?![a-z0-9])`, 'g'),
          weight,
        ] as const,
    ),
  )
  .flat();

/** The name's last word is what the product is; cues there count most. */
const NAME_HEAD_WEIGHT = 4;
const NAME_WEIGHT = 2;
/** A cue repeated in the description counts again, up to this many times. */
const REPEAT_CAP = 3;

/** Scores every category over the whole text: the name, its head noun and each description cue. */
export const categoryScores = (name: string, description: string) => {
  const nameText = name.toLowerCase();
  const head = nameText.split(/\s+/).at(-1) ?? '';
  const bodyText = description.toLowerCase();
  const scores = new Map<Category, number>();
  for (const [category, pattern, weight] of PATTERNS) {
    let score = 0;
    const inName = nameText.match(pattern)?.length ?? 0;
    if (inName > 0) {
      const inHead = head.match(pattern)?.length ?? 0;
      score += weight * (inHead > 0 ? NAME_HEAD_WEIGHT : NAME_WEIGHT);
    }
    score += weight * Math.min(REPEAT_CAP, bodyText.match(pattern)?.length ?? 0);
    if (score > 0) scores.set(category, (scores.get(category) ?? 0) + score);
  }
  return scores;
};

/** The category the whole product text points to; ties go to the earlier category above. */
export const detectCategory = (name: string, description: string): Category => {
  let best: Category = 'general';
  let bestScore = 0;
  for (const [category, score] of categoryScores(name, description)) {
    if (score > bestScore) {
      best = category;
      bestScore = score;
    }
  }
  return best;
};
