import { describe, expect, it } from 'vitest';
import { readPrompt } from './look-from-prompt';

const look = (prompt: string) => readPrompt(prompt, 'iphone').look;

describe('reading a character description', () => {
  it('takes clothing and its colour, the place and the held object from the issue’s example', () => {
    const l = look('denim apron, standing in a bright kitchen holding a lime');
    expect(l.apron).toBe('#4a6a8f');
    expect(l.setting).toBe('kitchen');
    expect(l.held).toEqual({ kind: 'fruit', colour: '#7cc242' });
  });

  it('reads age, hair, glasses and a coloured top', () => {
    const l = look('a man in his 60s with glasses and a beard in a red hoodie, holding a mug');
    expect(l.age).toBe('senior');
    expect(l.hair).toBe('#c9c5c0');
    expect(l.accessories).toEqual(expect.arrayContaining(['glasses', 'beard']));
    expect(l.topStyle).toBe('hoodie');
    expect(l.top).toBe('#c2413f');
    expect(l.held?.kind).toBe('mug');
    expect(look('college student with blonde curly hair').age).toBe('young');
    expect(look('college student with blonde curly hair')).toMatchObject({
      hair: '#d4aa63',
      hairStyle: 'curly',
    });
  });

  it('does not take a red top for red hair, nor "with glasses" for a held object', () => {
    const l = look('woman in a red tank top at the gym');
    expect(l.hair).not.toBe('#a8482a');
    expect(l.topStyle).toBe('tank');
    expect(l.setting).toBe('gym');
    expect(look('woman with glasses').held).toBeUndefined();
    expect(look('guy holding a green bottle').held).toEqual({ kind: 'bottle', colour: '#3f7f6b' });
  });

  it('keeps the person when only the place, the clothes or the held object change', () => {
    const person = ({ skin, hair, hairStyle, eyes, lips, turn }: ReturnType<typeof look>) => ({
      skin,
      hair,
      hairStyle,
      eyes,
      lips,
      turn,
    });
    const base = person(look('woman in a blue sweater in a kitchen holding a lime'));
    expect(person(look('woman in a red hoodie in a gym holding a phone'))).toEqual(base);
    expect(person(look('woman in a blue sweater in a kitchen'))).toEqual(base);
    expect(person(look('man in a blue sweater in a kitchen holding a lime'))).not.toEqual(base);
  });
});
