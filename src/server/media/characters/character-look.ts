/**
 * What a drawn character looks like. The pre-made characters pick theirs by hand; the local
 * generator derives one from the prompt and style (character-look-from-prompt.ts).
 */
export type HairStyle = 'short' | 'long' | 'bob' | 'curly' | 'bun' | 'buzz' | 'ponytail' | 'afro';
export type TopStyle = 'tee' | 'hoodie' | 'blazer' | 'sweater' | 'turtleneck';
export type Accessory = 'glasses' | 'earrings' | 'beard' | 'cap' | 'freckles';

export type CharacterLook = {
  skin: string;
  hair: string;
  hairStyle: HairStyle;
  eyes: string;
  lips: string;
  top: string;
  topStyle: TopStyle;
  /** Backdrop: two colours of a gradient, the first at the top. */
  backdrop: [string, string];
  accessories: Accessory[];
  /** -1…1: turns the head slightly; 0 faces the camera. */
  turn: number;
};
