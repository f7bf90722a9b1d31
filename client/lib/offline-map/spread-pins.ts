import type { PixelPoint } from './projection';

/** The room one pin needs: its drawing plus the gap kept to its neighbours. */
export interface PinRoom {
  width: number;
  height: number;
}

/**
 * Where to draw pins so none hides another: pins whose rooms overlap (restaurants in one city,
 * or at one address) are gathered and laid out in a small grid around their middle, in list
 * order; a pin with room keeps its own spot. The result has one point per input, in order.
 */
export function spreadPins(points: readonly PixelPoint[], room: PinRoom): PixelPoint[] {
  const result = points.map((point) => ({ ...point }));
  for (const group of crowdedGroups(points, room)) {
    const middle = {
      x: group.reduce((sum, index) => sum + points[index]!.x, 0) / group.length,
      y: group.reduce((sum, index) => sum + points[index]!.y, 0) / group.length,
    };
    const columns = Math.ceil(Math.sqrt(group.length));
    const rows = Math.ceil(group.length / columns);
    group.forEach((index, position) => {
      const column = position % columns;
      const row = Math.floor(position / columns);
      result[index] = { x: middle.x + (column - (columns - 1) / 2) * room.width, y: middle.y + (row - (rows - 1) / 2) * room.height };
    });
  }
  return result;
}

// Indexes of points chained by overlapping rooms, groups of two or more only.
function crowdedGroups(points: readonly PixelPoint[], room: PinRoom): number[][] {
  const groupOf = points.map((_, index) => index);
  const root = (index: number): number => (groupOf[index] === index ? index : (groupOf[index] = root(groupOf[index]!)));
  for (let a = 0; a < points.length; a++) {
    for (let b = a + 1; b < points.length; b++) {
      const crowded = Math.abs(points[a]!.x - points[b]!.x) < room.width && Math.abs(points[a]!.y - points[b]!.y) < room.height;
      if (crowded) groupOf[root(b)] = root(a);
    }
  }
  const groups = new Map<number, number[]>();
  points.forEach((_, index) => groups.set(root(index), [...(groups.get(root(index)) ?? []), index]));
  return [...groups.values()].filter((group) => group.length > 1);
}
