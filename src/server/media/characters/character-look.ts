/**
 * What a drawn character looks like. The pre-made characters pick theirs by hand; the local
 * generator derives one from the prompt and style (adapters/images/look-from-prompt.ts).
 */
export type HairStyle = 'short' | 'long' | 'bob' | 'curly' | 'bun' | 'buzz' | 'ponytail' | 'afro';
export type TopStyle = 'tee' | 'hoodie' | 'blazer' | 'sweater' | 'turtleneck' | 'tank' | 'shirt';
export type Accessory = 'glasses' | 'earrings' | 'beard' | 'cap' | 'freckles';

/** Where the person stands. Without one, the style preset's own scene (a window, a studio…). */
export type Setting =
  | 'kitchen'
  | 'gym'
  | 'bathroom'
  | 'street'
  | 'living-room'
  | 'office'
  | 'cafe'
  | 'bedroom'
  | 'park'
  | 'beach';

/** What the person holds up beside their face, as UGC creators hold the product. */
export type HeldKind =
  'fruit' | 'phone' | 'mug' | 'bottle' | 'jar' | 'box' | 'dumbbell' | 'book' | 'cup';
export type Held = { kind: HeldKind; colour: string };

/** Age band: drives skin lines, grey hair where none is named, and the face's proportions. */
export type AgeBand = 'young' | 'adult' | 'mature' | 'senior';

export type CharacterLook = {
  skin: string;
  hair: string;
  hairStyle: HairStyle;
  eyes: string;
  lips: string;
  top: string;
  topStyle: TopStyle;
  /** An apron over the top, in this colour. */
  apron?: string;
  /** Backdrop: two colours of a gradient, the first at the top. */
  backdrop: [string, string];
  accessories: Accessory[];
  /** -1…1: turns the head slightly; 0 faces the camera. */
  turn: number;
  setting?: Setting;
  held?: Held;
  age?: AgeBand;
};
