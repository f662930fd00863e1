import type { ReactNode } from 'react';
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { PrivacyPage } from './privacy-page';
import { TermsPage } from './terms-page';

const EMAIL = 'help@example.test';

const renderPage = (page: ReactNode) => render(<MemoryRouter>{page}</MemoryRouter>);

const expectSupportLink = () => {
  const links = screen.getAllByRole('link', { name: EMAIL });
  expect(links.length).toBeGreaterThan(0);
  for (const link of links) expect(link).toHaveAttribute('href', `mailto:${EMAIL}`);
};

describe('TermsPage', () => {
  it('shows the title, the date and a way back home', () => {
    renderPage(<TermsPage supportEmail={EMAIL} />);

    expect(
      screen.getByRole('heading', { level: 1, name: 'Terms and Conditions' }),
    ).toBeInTheDocument();
    expect(screen.getByText(/Last updated:/)).toHaveTextContent('Last updated: October 14, 2025');
    expect(screen.getByRole('link', { name: 'Back to Home' })).toHaveAttribute('href', '/');
  });

  it('states the product rules', () => {
    const { container } = renderPage(<TermsPage supportEmail={EMAIL} />);
    const text = container.textContent ?? '';

    expect(text).toMatch(/only when requested within 48 hours of purchase/);
    expect(text).toMatch(/No refunds are given after that/);
    expect(screen.getByRole('heading', { name: /Fair Use Policy/ })).toBeInTheDocument();
    expect(text).toMatch(/throttling, restriction or suspension/);
    expect(text).toMatch(/only when you actually attempt to upload a carousel to TikTok/);
    expect(text).toMatch(/Generating captions, previewing AI text/);
    expect(text).toMatch(/rendering service’s webhook/);
    expect(text).toMatch(/Posting a video that has already been rendered does not count again/);
    expect(text).toMatch(/idempotency key/);
    expect(text).toMatch(/\$15\/month/);
    expect(text).toMatch(/Settings/);
  });

  it('links the support address', () => {
    renderPage(<TermsPage supportEmail={EMAIL} />);
    expectSupportLink();
  });
});

describe('PrivacyPage', () => {
  it('shows the title, the date and a way back home', () => {
    renderPage(<PrivacyPage supportEmail={EMAIL} />);

    expect(screen.getByRole('heading', { level: 1, name: 'Privacy Policy' })).toBeInTheDocument();
    expect(screen.getByText(/Last updated:/)).toHaveTextContent('Last updated: July 19, 2025');
    expect(screen.getByRole('link', { name: 'Back to Home' })).toHaveAttribute('href', '/');
  });

  it('states what is collected, the age limit and the TikTok choice', () => {
    const { container } = renderPage(<PrivacyPage supportEmail={EMAIL} />);
    const text = container.textContent ?? '';

    expect(text).toMatch(/name, e-mail address and password/);
    expect(text).toMatch(/stored only as a secure hash/);
    expect(text).toMatch(/Uploaded media/);
    expect(text).toMatch(/Generated content/);
    expect(text).toMatch(/Project data/);
    expect(text).toMatch(/not for children under 13/);
    expect(text).toMatch(/connect or disconnect your TikTok account at any time/);
  });

  it('links the support address', () => {
    renderPage(<PrivacyPage supportEmail={EMAIL} />);
    expectSupportLink();
  });
});
