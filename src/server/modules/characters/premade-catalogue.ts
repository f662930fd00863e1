import type { TCharacterStylePreset, TPremadeCharacter } from '#contract/characters';
import { CHARACTER_MEDIA_PREFIX } from '#contract/characters';
import type { FaceBox } from '#contract/hook-demo';
import type { CharacterLook } from '../../media/characters/character-look';
import { portraitFaceBox } from '../../media/characters/portrait/paint-portrait';

export type PremadeEntry = { id: string; name: string; look: CharacterLook };

/**
 * The 10 pre-made characters (docs/product/characters.md rule 1). Ids are part of their URLs, which
 * drafts keep for months: never rename one. They differ in age (twenties to sixties), skin tone,
 * hair, clothes, the place they film in and what they hold up, as the creators of UGC ads do, so
 * that the grid of 8 reads as 8 different people.
 */
export const PREMADE_CHARACTERS: readonly PremadeEntry[] = [
  {
    id: 'maya',
    name: 'Maya',
    look: {
      skin: '#f1c6a7',
      hair: '#3b2417',
      hairStyle: 'long',
      eyes: '#4a3222',
      lips: '#c8646a',
      top: '#f4efe6',
      topStyle: 'sweater',
      backdrop: ['#fde2d3', '#f7b9a1'],
      accessories: ['earrings'],
      turn: -0.25,
      setting: 'living-room',
      held: { kind: 'mug', colour: '#c96f4a' },
      age: 'young',
    },
  },
  {
    id: 'jordan',
    name: 'Jordan',
    look: {
      skin: '#8d5a3b',
      hair: '#1a1210',
      hairStyle: 'buzz',
      eyes: '#2b1a12',
      lips: '#7a4134',
      top: '#2b2d33',
      topStyle: 'tank',
      backdrop: ['#cfe3f7', '#8fb5dc'],
      accessories: ['beard'],
      turn: 0.2,
      setting: 'gym',
      held: { kind: 'bottle', colour: '#3aa6c9' },
      age: 'adult',
    },
  },
  {
    id: 'priya',
    name: 'Priya',
    look: {
      skin: '#c58c62',
      hair: '#140d0a',
      hairStyle: 'ponytail',
      eyes: '#2a1a10',
      lips: '#a5474f',
      top: '#e2a13b',
      topStyle: 'tee',
      backdrop: ['#fff1c9', '#f6cf7a'],
      accessories: ['earrings'],
      turn: 0.1,
      setting: 'bathroom',
      held: { kind: 'jar', colour: '#f2b8c6' },
      age: 'young',
    },
  },
  {
    id: 'leo',
    name: 'Leo',
    look: {
      skin: '#f3d2b8',
      hair: '#c9a063',
      hairStyle: 'short',
      eyes: '#3e6a8a',
      lips: '#c27a72',
      top: '#5d6b45',
      topStyle: 'hoodie',
      backdrop: ['#dff1e4', '#9fd0ae'],
      accessories: ['freckles'],
      turn: -0.15,
      setting: 'street',
      held: { kind: 'phone', colour: '#7fb6e8' },
      age: 'young',
    },
  },
  {
    id: 'sofia',
    name: 'Sofia',
    look: {
      skin: '#e3b18e',
      hair: '#5a2e1b',
      hairStyle: 'curly',
      eyes: '#3d2516',
      lips: '#b84f5c',
      top: '#b5495b',
      topStyle: 'turtleneck',
      backdrop: ['#f7dbe4', '#e59db2'],
      accessories: [],
      turn: 0.25,
      setting: 'bedroom',
      held: { kind: 'box', colour: '#e8d2a6' },
      age: 'adult',
    },
  },
  {
    id: 'malik',
    name: 'Malik',
    look: {
      skin: '#5e3a26',
      hair: '#0f0b09',
      hairStyle: 'afro',
      eyes: '#20140e',
      lips: '#5a2f27',
      top: '#1f2633',
      topStyle: 'blazer',
      backdrop: ['#e7e2f6', '#ada2d8'],
      accessories: ['glasses'],
      turn: -0.1,
      setting: 'office',
      age: 'mature',
    },
  },
  {
    id: 'hana',
    name: 'Hana',
    look: {
      skin: '#f0cfb0',
      hair: '#1c1512',
      hairStyle: 'bob',
      eyes: '#2c1d14',
      lips: '#d06a78',
      top: '#8fc1c9',
      topStyle: 'sweater',
      backdrop: ['#e0f4f6', '#a8dbe2'],
      accessories: [],
      turn: 0.15,
      setting: 'cafe',
      held: { kind: 'cup', colour: '#3f7f6b' },
      age: 'young',
    },
  },
  {
    id: 'ethan',
    name: 'Ethan',
    look: {
      skin: '#d9a27f',
      hair: '#4a2f1f',
      hairStyle: 'short',
      eyes: '#4d3b26',
      lips: '#a8665a',
      top: '#e07b39',
      topStyle: 'tee',
      backdrop: ['#eceff3', '#b8c2cf'],
      accessories: ['cap', 'beard'],
      turn: -0.2,
      setting: 'beach',
      age: 'adult',
    },
  },
  {
    id: 'amara',
    name: 'Amara',
    look: {
      skin: '#7b4b30',
      hair: '#c9c5c0',
      hairStyle: 'bun',
      eyes: '#23160f',
      lips: '#8c3f45',
      top: '#f2efe8',
      topStyle: 'shirt',
      backdrop: ['#fbe9d7', '#e8b98a'],
      accessories: ['earrings'],
      turn: 0.05,
      setting: 'park',
      held: { kind: 'book', colour: '#2f5d8a' },
      age: 'senior',
    },
  },
  {
    id: 'diego',
    name: 'Diego',
    look: {
      skin: '#b97d55',
      hair: '#6e6a66',
      hairStyle: 'curly',
      eyes: '#2f1f14',
      lips: '#8f5246',
      top: '#e9e4da',
      topStyle: 'tee',
      backdrop: ['#fff4dc', '#f2c48d'],
      accessories: ['glasses', 'beard'],
      turn: 0.3,
      setting: 'kitchen',
      held: { kind: 'fruit', colour: '#7cc242' },
      apron: '#4a6a8f',
      age: 'mature',
    },
  },
];

/** The style every pre-made portrait and clip is painted in (make-premade-characters.ts). */
export const PREMADE_STYLE = 'iphone' satisfies TCharacterStylePreset;

export const PREMADE_MEDIA_PREFIX = `${CHARACTER_MEDIA_PREFIX}premade/`;

/**
 * The face box of the character a URL names (`/media/characters/premade/{id}.mp4` or `.jpg`,
 * relative or absolute): what a render knows of an edit's character. Null for any other URL
 * (a generated or uploaded character: find the face another way, or assume the upper third).
 */
export const premadeFaceBoxOfUrl = (url: string): FaceBox | null => {
  let pathname: string;
  try {
    pathname = new URL(url, 'http://local.invalid').pathname;
  } catch {
    return null;
  }
  const m = /^\/media\/characters\/premade\/([a-z]+)\.(?:mp4|jpg)$/.exec(pathname);
  return m ? premadeFaceBox(m[1]!) : null;
};
export const premadeClipUrl = (id: string) => `${PREMADE_MEDIA_PREFIX}${id}.mp4`;
export const premadePortraitUrl = (id: string) => `${PREMADE_MEDIA_PREFIX}${id}.jpg`;
/** Storage keys of the files behind those URLs. */
export const premadeClipKey = (id: string) => `characters/premade/${id}.mp4`;
export const premadePortraitKey = (id: string) => `characters/premade/${id}.jpg`;

/**
 * The pre-made characters as the API and other modules see them. Their files are made at
 * first start (after the server listens); until then the URLs answer 404 and pages say so.
 */
export const listPremadeCharacters = (): TPremadeCharacter[] =>
  PREMADE_CHARACTERS.map((c) => ({
    id: c.id,
    name: c.name,
    url: premadeClipUrl(c.id),
    thumbnailUrl: premadePortraitUrl(c.id),
    kind: 'video',
    faceBox: premadeFaceBox(c.id),
  }));

/**
 * Where a pre-made character's face is in its 9:16 clip (all are painted in PREMADE_STYLE);
 * null for an id that is not one of them.
 */
export const premadeFaceBox = (id: string | null | undefined): FaceBox | null =>
  PREMADE_CHARACTERS.some((c) => c.id === id) ? portraitFaceBox(1080, 1920, PREMADE_STYLE) : null;
