import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { PageHeader } from './page-header';

describe('PageHeader', () => {
  it('shows the title, subtitle and a "Create New Ad" button by default', () => {
    render(
      <MemoryRouter>
        <PageHeader title="Products" subtitle="Everything you promote" />
      </MemoryRouter>,
    );

    expect(screen.getByRole('heading', { level: 1, name: 'Products' })).toBeInTheDocument();
    expect(screen.getByText('Everything you promote')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Create New Ad' })).toHaveAttribute('href', '/create');
  });

  it('shows a custom action instead, or none when given null', () => {
    const { rerender } = render(
      <MemoryRouter>
        <PageHeader title="Settings" action={<button type="button">Export</button>} />
      </MemoryRouter>,
    );
    expect(screen.getByRole('button', { name: 'Export' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Create New Ad' })).not.toBeInTheDocument();

    rerender(
      <MemoryRouter>
        <PageHeader title="Settings" action={null} />
      </MemoryRouter>,
    );
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
  });
});
