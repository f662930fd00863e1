import { describe, expect, it } from 'vitest';
import { CAROUSEL_MAX_SLIDES, CAROUSEL_MIN_SLIDES } from '#contract/ai';
import { STARTER_COLLECTIONS } from '../../../library/starter/starter-collections';
import { TEMPLATE_CATALOGUE } from './template-catalogue';
import { HOOK_FORMULA_SHAPES, OVERLAY_STYLES, PACINGS } from './template-styles';

describe('the template catalogue', () => {
  it('has at least 24 templates with unique, URL-safe ids', () => {
    expect(TEMPLATE_CATALOGUE.length).toBeGreaterThanOrEqual(24);
    const ids = TEMPLATE_CATALOGUE.map((t) => t.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids) expect(id).toMatch(/^[a-z0-9-]{1,100}$/);
  });

  it('gives each carousel template 3–8 slide roles, example copy for each and a real look', () => {
    const looks = new Set(STARTER_COLLECTIONS.map((c) => c.key));
    for (const t of TEMPLATE_CATALOGUE) {
      if (t.type !== 'carousel') continue;
      expect(t.slides.length, t.id).toBeGreaterThanOrEqual(CAROUSEL_MIN_SLIDES);
      expect(t.slides.length, t.id).toBeLessThanOrEqual(CAROUSEL_MAX_SLIDES);
      expect(t.example.slides, t.id).toHaveLength(t.slides.length);
      expect(t.slides[0], t.id).toBe('hook');
      expect(t.slides.at(-1), t.id).toBe('cta');
      expect(looks.has(t.collection), `${t.id}: ${t.collection}`).toBe(true);
      expect(t.textPattern.length, t.id).toBeGreaterThan(10);
    }
  });

  it('gives each video template an example hook of its own formula within 120 characters', () => {
    for (const t of TEMPLATE_CATALOGUE) {
      if (t.type !== 'video') continue;
      expect(t.exampleHook, t.id).toMatch(HOOK_FORMULA_SHAPES[t.hookFormula]);
      expect(t.exampleHook.length, t.id).toBeLessThanOrEqual(120);
    }
  });

  it('keeps overlay styles on the editor’s slider steps and pacing within a 10 s render', () => {
    for (const { textFontScale, textYOffset } of Object.values(OVERLAY_STYLES)) {
      expect(textFontScale).toBeGreaterThanOrEqual(0.5);
      expect(textFontScale).toBeLessThanOrEqual(2);
      expect(Math.abs(Math.round(textFontScale / 0.05) * 0.05 - textFontScale)).toBeLessThan(1e-9);
      expect(Math.abs(textYOffset)).toBeLessThanOrEqual(0.3);
      expect(Math.abs(Math.round(textYOffset * 100) - textYOffset * 100)).toBeLessThan(1e-9);
    }
    for (const p of Object.values(PACINGS))
      expect(p.ugcDurationSec + p.productDurationSec).toBe(10);
  });
});
