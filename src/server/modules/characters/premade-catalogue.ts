import type { TPremadeCharacter } from '#contract/characters';
import { CHARACTER_MEDIA_PREFIX } from '#contract/characters';
import type { FaceBox } from '#contract/hook-demo';
import type { CharacterLook } from '../../media/characters/character-look';
import { portraitFaceBox } from '../../media/characters/portrait/paint-portrait';

export type PremadeEntry = { id: string; name: string; look: CharacterLook };

/**
 * The 10 pre-made characters (spec 02 §9). Ids are part of their URLs, which drafts keep for
 * months: never rename one. Looks differ in skin tone, hair, clothes and backdrop so that the
 * grid of 8 reads as 8 different people.
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
      top: '#2f5d8a',
      topStyle: 'hoodie',
      backdrop: ['#cfe3f7', '#8fb5dc'],
      accessories: ['beard'],
      turn: 0.2,
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
      top: '#3d4b3f',
      topStyle: 'tee',
      backdrop: ['#dff1e4', '#9fd0ae'],
      accessories: ['freckles'],
      turn: -0.15,
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
      top: '#c7c9cc',
      topStyle: 'hoodie',
      backdrop: ['#eceff3', '#b8c2cf'],
      accessories: ['cap', 'beard'],
      turn: -0.2,
    },
  },
  {
    id: 'amara',
    name: 'Amara',
    look: {
      skin: '#7b4b30',
      hair: '#1b120d',
      hairStyle: 'bun',
      eyes: '#23160f',
      lips: '#8c3f45',
      top: '#e9d9b6',
      topStyle: 'blazer',
      backdrop: ['#fbe9d7', '#e8b98a'],
      accessories: ['earrings'],
      turn: 0.05,
    },
  },
  {
    id: 'diego',
    name: 'Diego',
    look: {
      skin: '#b97d55',
      hair: '#22160f',
      hairStyle: 'curly',
      eyes: '#2f1f14',
      lips: '#8f5246',
      top: '#3f7f6b',
      topStyle: 'tee',
      backdrop: ['#fff4dc', '#f2c48d'],
      accessories: ['glasses', 'beard'],
      turn: 0.3,
    },
  },
];

export const PREMADE_MEDIA_PREFIX = `${CHARACTER_MEDIA_PREFIX}premade/`;
export const premadeClipUrl = (id: string) => `${PREMADE_MEDIA_PREFIX}${id}.mp4`;
export const premadePortraitUrl = (id: string) => `${PREMADE_MEDIA_PREFIX}${id}.jpg`;
/** Storage keys of the files behind those URLs. */
export const premadeClipKey = (id: string) => `characters/premade/${id}.mp4`;
export const premadePortraitKey = (id: string) => `characters/premade/${id}.jpg`;

/**
 * The pre-made characters as the API and other modules see them (S3). Their files are made at
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
 * Where a pre-made character's face is in its 9:16 clip (all are painted in the iPhone style);
 * null for an id that is not one of them.
 */
export const premadeFaceBox = (id: string | null | undefined): FaceBox | null =>
  PREMADE_CHARACTERS.some((c) => c.id === id) ? portraitFaceBox(1080, 1920, 'iphone') : null;
