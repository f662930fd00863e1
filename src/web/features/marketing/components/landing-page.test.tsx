import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LandingPage } from './landing-page';

const renderLanding = () => {
  const onLaunchApp = vi.fn();
  render(
    <MemoryRouter>
      <LandingPage onLaunchApp={onLaunchApp} pricing={<p>Plan cards go here</p>} />
    </MemoryRouter>,
  );
  return { onLaunchApp };
};

describe('LandingPage', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('opens the app from "Launch App", "Start now" and the bottom call to action', async () => {
    const user = userEvent.setup();
    const { onLaunchApp } = renderLanding();

    await user.click(screen.getByRole('button', { name: 'Launch App' }));
    expect(onLaunchApp).toHaveBeenCalledTimes(1);
    await user.click(screen.getByRole('button', { name: 'Start now' }));
    expect(onLaunchApp).toHaveBeenCalledTimes(2);
    await user.click(screen.getByRole('button', { name: 'Create your first ad' }));
    expect(onLaunchApp).toHaveBeenCalledTimes(3);
  });

  it('states the product claims', () => {
    renderLanding();

    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(/10 organic hooks/);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(/in 60 seconds/);
    expect(screen.getAllByText(/Try it free/).length).toBeGreaterThan(0);
    expect(screen.getAllByText(/no payment required/).length).toBeGreaterThan(0);
    expect(screen.getAllByText(/Sign in to start\./).length).toBeGreaterThan(0);
  });

  it('smooth-scrolls to the examples from "View real examples"', async () => {
    const user = userEvent.setup();
    renderLanding();
    const examples = document.getElementById('examples');
    expect(examples).not.toBeNull();
    const scroll = vi.spyOn(examples!, 'scrollIntoView');

    const link = screen.getByRole('link', { name: 'View real examples' });
    expect(link).toHaveAttribute('href', '#examples');
    await user.click(link);

    expect(scroll).toHaveBeenCalledWith(expect.objectContaining({ behavior: 'smooth' }));
  });

  it('plays the five sample videos, muted and looping, in #examples', () => {
    renderLanding();
    const examples = document.getElementById('examples')!;
    const videos = Array.from(examples.querySelectorAll('video'));

    expect(videos.map((video) => video.getAttribute('src'))).toEqual(
      [1, 2, 3, 4, 5].map((n) => `/videos/ugc-example-${n}.mp4`),
    );
    expect(document.querySelectorAll('video')).toHaveLength(5);
    for (const video of videos) {
      expect(video.muted).toBe(true);
      expect(video.loop).toBe(true);
      expect(video.autoplay).toBe(true);
      expect(video).toHaveAttribute('playsinline');
      expect(video).toHaveAttribute('preload', 'metadata');
      expect(video).toHaveAccessibleName(/^Sample ad: /);
    }
  });

  it('lists both tools and the six use cases', () => {
    renderLanding();

    expect(screen.getByRole('heading', { name: 'Photo (Carousel)' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Video' })).toBeInTheDocument();
    expect(
      within(document.getElementById('features')!).getByText('Hook + Demo'),
    ).toBeInTheDocument();

    const useCases = screen.getByRole('region', { name: 'Built for everyone who sells' });
    expect(
      within(useCases)
        .getAllByRole('heading', { level: 3 })
        .map((heading) => heading.textContent),
    ).toEqual([
      'E-commerce Product Demos',
      'Social Media Marketing',
      'Brand Storytelling',
      'Educational Content',
      'Sales Presentations',
      'Influencer Campaigns',
    ]);
  });

  it('renders the pricing node under a heading in #pricing', () => {
    renderLanding();
    const pricing = document.getElementById('pricing')!;

    expect(within(pricing).getByRole('heading', { level: 2 })).toBeInTheDocument();
    expect(within(pricing).getByText('Plan cards go here')).toBeInTheDocument();
  });

  it('links to the terms and privacy pages in the footer', () => {
    renderLanding();
    const footer = screen.getByRole('contentinfo');

    expect(within(footer).getByRole('link', { name: 'Terms and Conditions' })).toHaveAttribute(
      'href',
      '/terms',
    );
    expect(within(footer).getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute(
      'href',
      '/privacy',
    );
    expect(footer).toHaveTextContent(/© \d{4} Hookreel/);
  });
});
