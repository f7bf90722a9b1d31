import { expect } from 'chai';
import { spreadPins } from '../../client/lib/offline-map/spread-pins';

const ROOM = { width: 36, height: 46 };

describe('spreading map pins', () => {
  it('lays out pins at about one spot in a grid around it, no two rooms overlapping', () => {
    const spread = spreadPins(
      [
        { x: 100, y: 100 },
        { x: 100, y: 100 },
        { x: 101, y: 99 },
        { x: 100, y: 101 },
        { x: 99, y: 100 },
      ],
      ROOM,
    );
    for (let a = 0; a < spread.length; a++) {
      for (let b = a + 1; b < spread.length; b++) {
        const apart = Math.abs(spread[a]!.x - spread[b]!.x) >= ROOM.width - 1e-9 || Math.abs(spread[a]!.y - spread[b]!.y) >= ROOM.height - 1e-9;
        expect(apart, `${a} and ${b}`).to.equal(true);
      }
    }
    expect(spread[0]).to.deep.equal({ x: 100 - 36, y: 100 - 23 });
  });

  it('leaves pins with room where they are', () => {
    const points = [
      { x: 10, y: 10 },
      { x: 100, y: 10 },
      { x: 10, y: 100 },
    ];
    expect(spreadPins(points, ROOM)).to.deep.equal(points);
  });

  it('sets two pins at one spot side by side, the first on the left', () => {
    expect(
      spreadPins(
        [
          { x: 50, y: 80 },
          { x: 50, y: 80 },
        ],
        ROOM,
      ),
    ).to.deep.equal([
      { x: 32, y: 80 },
      { x: 68, y: 80 },
    ]);
  });
});
