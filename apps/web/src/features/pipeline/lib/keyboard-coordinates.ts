import type { ClientRect, KeyboardCoordinateGetter, UniqueIdentifier } from '@dnd-kit/core';

const FORWARD = ['ArrowRight', 'ArrowDown'];
const BACK = ['ArrowLeft', 'ArrowUp'];

type Column = { id: UniqueIdentifier; rect: ClientRect };

/**
 * The keyboard's way across the board (dnd-kit's KeyboardSensor): with a card picked up, → or ↓ carries
 * it to the next column and ← or ↑ to the one before, one column per key press (the default moves 25 px,
 * which would take a dozen presses per column). Columns are taken left to right as they are laid out; a
 * card just picked up starts from the column its draggable data names (`column`).
 */
export const columnKeyboardCoordinates: KeyboardCoordinateGetter = (event, { context }) => {
  const forward = FORWARD.includes(event.code);
  if (!forward && !BACK.includes(event.code)) return undefined;
  event.preventDefault();
  const { active, droppableRects, droppableContainers, over, collisionRect } = context;
  if (!collisionRect) return undefined;
  const columns: Column[] = droppableContainers
    .getEnabled()
    .map((c) => ({ id: c.id, rect: droppableRects.get(c.id) }))
    .filter((c): c is Column => c.rect !== undefined)
    .sort((a, b) => a.rect.left - b.rect.left || a.rect.top - b.rect.top);
  if (!columns.length) return undefined;
  // Over a column already, or just picked up: the column the card came from (its data names it).
  const from = over?.id ?? (active?.data.current as { column?: UniqueIdentifier } | undefined)?.column;
  const index = columns.findIndex((c) => c.id === from);
  if (index < 0) return undefined;
  const next = columns[index + (forward ? 1 : -1)];
  if (!next) return undefined;
  // Into the top of the next column, centred on it.
  return { x: next.rect.left + (next.rect.width - collisionRect.width) / 2, y: next.rect.top + 56 };
};
