import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import { Creators, creatorSlides } from '../../web/features/livestream-landing/livestream-landing.tsx';
import { SignupForm } from '../../web/features/livestream-landing/signup-form.tsx';
import { CursorFollower } from '../../web/features/livestream-landing/cursor-follower.tsx';

describe('creators carousel', () => {
  it('runs from slide 0 to 1 with the arrows disabled at the ends', () => {
    expect(creatorSlides).toHaveLength(2);
    render(<Creators />);
    const prev = screen.getByRole('button', { name: 'Previous creators' }) as HTMLButtonElement;
    const next = screen.getByRole('button', { name: 'Next creators' }) as HTMLButtonElement;

    expect(screen.getByText('1 / 2')).toBeTruthy();
    expect(prev.disabled).toBe(true);
    expect(next.disabled).toBe(false);
    expect(screen.getByText(creatorSlides[0]![0]!.name)).toBeTruthy();

    fireEvent.click(next);
    expect(screen.getByText('2 / 2')).toBeTruthy();
    expect(prev.disabled).toBe(false);
    expect(next.disabled).toBe(true);
    expect(screen.getByText(creatorSlides[1]![0]!.name)).toBeTruthy();

    // a click on the disabled arrow changes nothing
    fireEvent.click(next);
    expect(screen.getByText('2 / 2')).toBeTruthy();

    fireEvent.click(prev);
    expect(screen.getByText('1 / 2')).toBeTruthy();
    expect(prev.disabled).toBe(true);
  });
});

describe('SignupForm', () => {
  it('rejects an invalid e-mail and thanks for a valid one without sending anything', () => {
    const fetchSpy = vi.fn();
    vi.stubGlobal('fetch', fetchSpy);
    render(<SignupForm />);
    const input = screen.getByLabelText('Email address');

    fireEvent.change(input, { target: { value: 'not-an-email' } });
    fireEvent.click(screen.getByRole('button', { name: /Sign up for free/ }));
    expect(screen.getByRole('alert').textContent).toBe('Please enter a valid email address.');
    expect(input.getAttribute('aria-invalid')).toBe('true');

    fireEvent.change(input, { target: { value: 'ana@example.com' } });
    fireEvent.click(screen.getByRole('button', { name: /Sign up for free/ }));
    expect(screen.getByRole('status').textContent).toContain('Thanks for signing up');
    expect(fetchSpy).not.toHaveBeenCalled();
  });
});

describe('CursorFollower', () => {
  function stubMedia(matches: Record<string, boolean>) {
    vi.stubGlobal('matchMedia', (query: string) => ({
      matches: matches[query] ?? false,
      media: query,
      addEventListener: () => {},
      removeEventListener: () => {},
    }));
  }

  it('follows a fine pointer when motion is allowed', () => {
    stubMedia({ '(pointer: fine)': true, '(prefers-reduced-motion: reduce)': false });
    render(<CursorFollower />);
    expect(screen.queryByTestId('cursor-follower')).not.toBeNull();
  });

  it('is off when reduced motion is preferred', () => {
    stubMedia({ '(pointer: fine)': true, '(prefers-reduced-motion: reduce)': true });
    render(<CursorFollower />);
    expect(screen.queryByTestId('cursor-follower')).toBeNull();
  });
});
