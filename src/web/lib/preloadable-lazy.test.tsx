import { render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { describe, expect, it } from 'vitest';
import { preloadableLazy } from './preloadable-lazy';

const Greeting = ({ name }: { name: string }) => <p>Hello {name}</p>;

describe('preloadableLazy', () => {
  it('renders at once, with no fallback, once its code was preloaded', async () => {
    const { Component, preload } = preloadableLazy(() => Promise.resolve(Greeting));
    await preload();
    render(
      <Suspense fallback={<p>Loading</p>}>
        <Component name="Ada" />
      </Suspense>,
    );
    // Synchronously after render: React.lazy would show the fallback here.
    expect(screen.getByText('Hello Ada')).toBeInTheDocument();
    expect(screen.queryByText('Loading')).not.toBeInTheDocument();
  });

  it('suspends like React.lazy when its code has not arrived, and loads it once', async () => {
    let loads = 0;
    const { Component, preload } = preloadableLazy(() => {
      loads += 1;
      return Promise.resolve(Greeting);
    });
    render(
      <Suspense fallback={<p>Loading</p>}>
        <Component name="Grace" />
      </Suspense>,
    );
    expect(screen.getByText('Loading')).toBeInTheDocument();
    expect(await screen.findByText('Hello Grace')).toBeInTheDocument();
    await preload();
    expect(loads).toBe(1);
  });
});
