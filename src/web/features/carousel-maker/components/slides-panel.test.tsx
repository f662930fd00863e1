import { render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { Active, Over } from '@dnd-kit/core';
import { SLIDE_MOVE_INSTRUCTIONS, slideAnnouncements, SlidesPanel } from './slides-panel';

const slides = [
  { id: '1', text: 'Hook' },
  { id: '2', text: 'Why it works' },
  { id: '3', text: 'Get yours' },
];

describe('SlidesPanel reordering', () => {
  it('gives every slide a move handle that a keyboard and a screen reader can use', () => {
    render(
      <SlidesPanel
        slides={slides}
        selectedId="1"
        onSelect={vi.fn()}
        onAdd={vi.fn()}
        onDelete={vi.fn()}
        onMove={vi.fn()}
      />,
    );
    const handles = screen.getAllByRole('button', { name: /^Move Slide \d$/ });
    expect(handles.map((h) => h.getAttribute('aria-label'))).toEqual([
      'Move Slide 1',
      'Move Slide 2',
      'Move Slide 3',
    ]);
    for (const handle of handles) {
      expect(handle).toHaveAttribute('aria-roledescription', 'sortable');
      expect(handle).toHaveAttribute('tabindex', '0');
      expect(handle).toHaveAccessibleDescription(SLIDE_MOVE_INSTRUCTIONS);
    }
    // The card itself stays a plain toggle that selects the slide.
    expect(screen.getByRole('button', { name: 'Slide 1: Hook' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
  });
});

describe('slide move announcements', () => {
  it('speak Slide N and positions, and stay quiet until the position changes', () => {
    const say = slideAnnouncements(slides);
    const active = { id: '1' } as Active;
    const over = (id: string) => ({ id }) as Over;
    expect(say.onDragStart({ active })).toBe('Picked up Slide 1. It is at position 1 of 3.');
    expect(say.onDragOver({ active, over: over('1') })).toBeUndefined();
    expect(say.onDragOver({ active, over: over('2') })).toBe('Slide 1 moved to position 2 of 3.');
    expect(say.onDragOver({ active, over: over('2') })).toBeUndefined();
    expect(say.onDragEnd({ active, over: over('2') })).toBe('Slide 1 dropped at position 2 of 3.');
    expect(say.onDragCancel({ active, over: null })).toBe(
      'Moving cancelled. Slide 1 is back at position 1 of 3.',
    );
  });
});
