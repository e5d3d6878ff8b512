import { render, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { VirtualList, virtualRowClass } from '../virtual-list';

type Item = { id: number; name: string };
const items: Item[] = [1, 2, 3].map((id) => ({ id, name: `Item ${id}` }));

function renderList(over: Partial<{ hasMore: boolean; loadingMore: boolean; active: number; selected: number | null; items: Item[] }> = {}) {
  const onLoadMore = vi.fn();
  const props = { hasMore: false, loadingMore: false, active: 0, selected: null as number | null, items, ...over };
  const view = (p: typeof props) => (
    <VirtualList
      items={p.items}
      label="Things"
      rowHeight={50}
      getKey={(item) => item.id}
      active={p.active}
      isSelected={(item) => item.id === p.selected}
      hasMore={p.hasMore}
      loadingMore={p.loadingMore}
      onLoadMore={onLoadMore}
      loadingMoreText="Loading more things…"
      renderRow={(item, row) => (
        <button type="button" className={virtualRowClass(row, 'flex-col')}>
          {item.name}
        </button>
      )}
    />
  );
  const utils = render(view(props));
  return { ...utils, onLoadMore, rerender: (next: Partial<typeof props>) => utils.rerender(view({ ...props, ...next })) };
}

describe('VirtualList', () => {
  it('renders each row through renderRow in a labelled list; the open row is aria-current, the cursor ringed', () => {
    renderList({ active: 1, selected: 3 });
    const list = screen.getByRole('list', { name: 'Things' });
    const rows = within(list).getAllByRole('listitem');
    expect(rows.map((r) => r.textContent)).toEqual(['Item 1', 'Item 2', 'Item 3']);
    expect(rows.map((r) => r.getAttribute('aria-current'))).toEqual([null, null, 'true']);
    const buttons = within(list).getAllByRole('button');
    expect(buttons.map((b) => b.classList.contains('ring-2'))).toEqual([false, true, false]);
    expect(buttons[2]).toHaveClass('bg-accent/10', 'flex-col');
  });

  it('shows a last row while more pages exist and asks for the next as it comes into view, once at a time', () => {
    const { onLoadMore, rerender } = renderList({ hasMore: true });
    expect(screen.getByText('Loading more things…')).toBeInTheDocument();
    expect(onLoadMore).toHaveBeenCalledTimes(1);
    // While that page loads, no second request.
    rerender({ hasMore: true, loadingMore: true });
    expect(onLoadMore).toHaveBeenCalledTimes(1);
    // The page came and it was the last: the row goes and nothing more is asked.
    rerender({ hasMore: false, loadingMore: false, items: [...items, { id: 4, name: 'Item 4' }] });
    expect(screen.queryByText('Loading more things…')).not.toBeInTheDocument();
    expect(screen.getByText('Item 4')).toBeInTheDocument();
    expect(onLoadMore).toHaveBeenCalledTimes(1);
  });

  it('asks for nothing when there is no next page', () => {
    const { onLoadMore } = renderList();
    expect(screen.queryByText('Loading more things…')).not.toBeInTheDocument();
    expect(onLoadMore).not.toHaveBeenCalled();
  });
});
