import { targetSize } from './compressImage';

describe('photo compression size', () => {
  it('scales the long side down to 1600 px, keeping the aspect ratio', () => {
    expect(targetSize(4000, 3000)).toEqual({ width: 1600, height: 1200 });
    expect(targetSize(3000, 4000)).toEqual({ width: 1200, height: 1600 });
    expect(targetSize(1500, 2400)).toEqual({ width: 1000, height: 1600 });
  });
  it('never scales a small photo up', () => {
    expect(targetSize(800, 600)).toEqual({ width: 800, height: 600 });
  });
});
