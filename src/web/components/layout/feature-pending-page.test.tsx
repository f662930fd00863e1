import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { FeaturePendingPage } from './feature-pending-page';

describe('FeaturePendingPage', () => {
  it('tells the user what the area will do and links back to the dashboard', () => {
    render(
      <MemoryRouter>
        <FeaturePendingPage
          title="Analytics"
          subtitle="How your posts perform"
          description="See views, likes and shares for every post you publish."
        />
      </MemoryRouter>,
    );

    expect(screen.getByRole('heading', { level: 1, name: 'Analytics' })).toBeInTheDocument();
    expect(screen.getByText('How your posts perform')).toBeInTheDocument();
    expect(
      screen.getByText('See views, likes and shares for every post you publish.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Coming soon' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Dashboard' })).toHaveAttribute('href', '/app');
  });
});
