// The avatar is a plain <img> from the first render (so a server-rendered page shows it with its HTML), and falls
// back to initials or a person icon when there is no picture or it fails.
import { describe, expect, it } from 'vitest';
import { fireEvent, render } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { Avatar } from '../../web/components/ui/avatar.tsx';

describe('Avatar', () => {
  it('renders the picture in the server HTML, without waiting for it to load', () => {
    const html = renderToString(<Avatar src="/media/avatars/anna.webp" name="Анна Смирнова" />);
    expect(html).toContain('<img');
    expect(html).toContain('src="/media/avatars/anna.webp"');
    expect(html).toContain('alt="Анна Смирнова"');
    // a list's avatars below the fold wait until they are scrolled near
    expect(html).toContain('loading="lazy"');
    expect(html).not.toContain('АС');
  });

  it('shows the initials when the picture fails, and a person icon without a name', () => {
    const { container, rerender } = render(<Avatar src="/media/avatars/broken.webp" name="Анна Смирнова" />);
    fireEvent.error(container.querySelector('img')!);
    expect(container.querySelector('img')).toBeNull();
    expect(container.textContent).toBe('АС');
    // another picture is tried again
    rerender(<Avatar src="/media/avatars/other.webp" name="Анна Смирнова" />);
    expect(container.querySelector('img')?.getAttribute('src')).toBe('/media/avatars/other.webp');
    rerender(<Avatar src={null} name={null} />);
    expect(container.querySelector('svg')).not.toBeNull();
    expect(container.textContent).toBe('');
  });
});
