import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { QueuePanel } from './queue-panel';

describe('QueuePanel', () => {
  it('shows the empty text without items', () => {
    render(<QueuePanel />);

    expect(screen.getByRole('heading', { name: 'Queue' })).toBeInTheDocument();
    expect(screen.getByText('No items in queue')).toBeInTheDocument();
  });

  it('counts pending and completed items and labels each one', () => {
    render(
      <QueuePanel
        items={[
          { id: '1', prompt: 'Mug hook video', status: 'in_progress', progress: 75 },
          { id: '2', prompt: 'Lamp carousel', status: 'posting', progress: 75 },
          { id: '3', prompt: 'Cap demo', status: 'completed', progress: 100 },
          { id: '4', prompt: 'Sock demo', status: 'review', progress: 90 },
        ]}
      />,
    );

    const panel = screen.getByRole('region', { name: 'Queue' });
    expect(panel).toHaveTextContent('2 pending');
    expect(panel).toHaveTextContent('1 completed');
    const list = within(panel).getByRole('list', { name: 'Queue items' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(4);
    expect(list).toHaveTextContent('Generating');
    expect(list).toHaveTextContent('Publishing');
    expect(list).toHaveTextContent('Complete');
    expect(list).toHaveTextContent('In Review');
    expect(
      within(list).getByRole('progressbar', { name: 'Generating: Mug hook video' }),
    ).toHaveAttribute('aria-valuenow', '75');
  });
});
