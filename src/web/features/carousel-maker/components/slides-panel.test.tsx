import { render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { SLIDE_MOVE_INSTRUCTIONS, SlidesPanel } from './slides-panel';

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
