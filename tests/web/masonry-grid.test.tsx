import { useEffect } from 'react';
import { describe, expect, it } from 'vitest';
import { act, screen, waitFor } from '@testing-library/react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { MasonryGrid } from '../../web/components/masonry-grid.tsx';
import { renderWithRouter } from './render-with-router.tsx';
import { setViewportWidth } from './event-test-utils.ts';

describe('MasonryGrid', () => {
  const cards = Array.from({ length: 7 }, (_, index) => <div key={index}>card {index}</div>);

  it('has 3 columns on desktop, 2 at 1024 px and 1 on small phones', async () => {
    setViewportWidth(1280);
    const { container, unmount } = renderWithRouter(<MasonryGrid>{cards}</MasonryGrid>);
    await screen.findByText('card 0');
    expect(container.querySelector('[data-columns]')!.getAttribute('data-columns')).toBe('3');
    unmount();

    setViewportWidth(1024);
    const second = renderWithRouter(<MasonryGrid>{cards}</MasonryGrid>);
    await screen.findByText('card 0');
    expect(second.container.querySelector('[data-columns]')!.getAttribute('data-columns')).toBe('2');
    second.unmount();

    setViewportWidth(390);
    const third = renderWithRouter(<MasonryGrid>{cards}</MasonryGrid>);
    await screen.findByText('card 0');
    expect(third.container.querySelector('[data-columns]')!.getAttribute('data-columns')).toBe('1');
  });

  it('deals cards to columns in turn so appended pages do not move earlier cards', async () => {
    setViewportWidth(1280);
    const { container } = renderWithRouter(<MasonryGrid>{cards}</MasonryGrid>);
    await screen.findByText('card 0');
    const columns = Array.from(container.querySelector('[data-columns]')!.children).map((column) => column.textContent);
    expect(columns).toEqual(['card 0card 3card 6', 'card 1card 4', 'card 2card 5']);
    expect(screen.getAllByRole('listitem')).toHaveLength(7);
  });

  it('leaves the column count to CSS, at the same widths and in the same order, where the width is unknown (server)', () => {
    const html = renderToString(<MasonryGrid aria-label="Карточки">{cards}</MasonryGrid>);
    const host = document.createElement('div');
    host.innerHTML = html;
    const list = host.querySelector('[role="list"]')!;
    expect(list.hasAttribute('data-columns')).toBe(false);
    // Tailwind's max-[N] is "narrower than N": the same 1024 px and 639 px as the grid's media queries
    expect(list.className.split(' ')).toEqual(expect.arrayContaining(['grid-cols-3', 'max-[1025px]:grid-cols-2', 'max-[640px]:grid-cols-1']));
    expect([...list.querySelectorAll('[role="listitem"]')].map((item) => item.textContent)).toEqual(cards.map((_, index) => `card ${index}`));
  });

  /** The server's grid in the page, hydrated at this width: the list items before and after the width is known. */
  async function hydrateAt(width: number) {
    setViewportWidth(width);
    const host = document.createElement('div');
    host.innerHTML = renderToString(<MasonryGrid>{cards}</MasonryGrid>);
    document.body.appendChild(host);
    const before = [...host.querySelectorAll('[role="listitem"]')];
    const root = await act(async () => hydrateRoot(host, <MasonryGrid>{cards}</MasonryGrid>));
    await waitFor(() => expect(host.querySelector('[data-columns]')).not.toBeNull());
    const columns = [...host.querySelector('[data-columns]')!.children].map((column) => [...column.querySelectorAll('[role="listitem"]')]);
    act(() => root.unmount());
    host.remove();
    return { before, columns };
  }

  it('keeps every card element when a phone hydrates the server\'s grid (one column: nothing moves)', async () => {
    const { before, columns } = await hydrateAt(390);
    expect(columns).toHaveLength(1);
    expect(columns[0]).toHaveLength(7);
    columns[0]!.forEach((item, index) => expect(item).toBe(before[index]));
  });

  it('keeps the first column\'s card elements when a desktop hydrates the server\'s grid', async () => {
    const { before, columns } = await hydrateAt(1280);
    expect(columns.map((column) => column.map((item) => item.textContent))).toEqual([['card 0', 'card 3', 'card 6'], ['card 1', 'card 4'], ['card 2', 'card 5']]);
    expect(columns[0]).toEqual([before[0], before[3], before[6]]);
    columns[0]!.forEach((item, index) => expect(item).toBe(before[index * 3]));
  });

  it('makes the page around the list live before its cards hydrate (each card its own Suspense boundary)', async () => {
    setViewportWidth(390);
    const log: string[] = [];
    function Card({ n }: { n: number }) {
      log.push(`card ${n}`);
      return <div>card {n}</div>;
    }
    function Page() {
      useEffect(() => {
        log.push('page live');
      }, []);
      return (
        <MasonryGrid>
          {[0, 1, 2].map((n) => (
            <Card key={n} n={n} />
          ))}
        </MasonryGrid>
      );
    }
    const host = document.createElement('div');
    host.innerHTML = renderToString(<Page />);
    document.body.appendChild(host);
    const before = [...host.querySelectorAll('[role="listitem"]')];
    log.length = 0;
    const root = await act(async () => hydrateRoot(host, <Page />));
    await waitFor(() => expect(log).toContain('card 2'));
    expect(log[0]).toBe('page live');
    expect([...host.querySelectorAll('[role="listitem"]')]).toEqual(before);
    act(() => root.unmount());
    host.remove();
  });
});
