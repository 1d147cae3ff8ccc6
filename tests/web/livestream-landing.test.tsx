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
  // issue 36: it used to thank the visitor and send nothing
  it('refuses a bad e-mail or no consent on the spot, then stores the sign-up and shows the server\'s confirmation', async () => {
    const fetchSpy = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const request = input instanceof Request ? input : new Request(new URL(String(input), 'http://localhost'), init);
      expect(new URL(request.url).pathname.replace(/\/$/, '')).toBe('/api/waitlist-signups');
      expect(await request.json()).toEqual({ email: 'ana@example.com', source: '/SuperpeerLanding', consent: true });
      return new Response(JSON.stringify({ detail: "You're on the list. We'll email ana@example.com when your spot opens." }), {
        status: 201,
        headers: { 'Content-Type': 'application/json' },
      });
    });
    vi.stubGlobal('fetch', fetchSpy);
    render(<SignupForm />);
    const input = screen.getByLabelText('Email address');

    fireEvent.change(input, { target: { value: 'not-an-email' } });
    fireEvent.click(screen.getByRole('button', { name: /Sign up for free/ }));
    expect(screen.getByRole('alert').textContent).toBe('Please enter a valid email address.');
    expect(input.getAttribute('aria-invalid')).toBe('true');

    fireEvent.change(input, { target: { value: 'ana@example.com' } });
    fireEvent.click(screen.getByRole('button', { name: /Sign up for free/ }));
    expect(screen.getByRole('alert').textContent).toBe('Please accept the privacy policy to sign up.');
    expect(fetchSpy).not.toHaveBeenCalled();

    fireEvent.click(screen.getByRole('checkbox', { name: /I agree to the privacy policy/ }));
    fireEvent.click(screen.getByRole('button', { name: /Sign up for free/ }));
    const thanks = await screen.findByText("You're on the list. We'll email ana@example.com when your spot opens.");
    expect(thanks.getAttribute('role')).toBe('status');
    expect(screen.queryByLabelText('Email address')).toBeNull();
    expect(fetchSpy).toHaveBeenCalledTimes(1);
  });

  it("shows the server's refusal (a flood limit) and keeps the form", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify({ detail: 'You have already signed up. Please try again in an hour.', code: 'rate_limited' }), { status: 429, headers: { 'Content-Type': 'application/json' } })),
    );
    render(<SignupForm tone="dark" />);
    fireEvent.change(screen.getByLabelText('Email address'), { target: { value: 'ana@example.com' } });
    fireEvent.click(screen.getByRole('checkbox', { name: /I agree/ }));
    fireEvent.click(screen.getByRole('button', { name: /Sign up for free/ }));
    expect((await screen.findByRole('alert')).textContent).toBe('You have already signed up. Please try again in an hour.');
    expect(screen.queryByRole('status')).toBeNull();
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
