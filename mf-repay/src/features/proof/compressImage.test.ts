import { targetSize } from './compressImage';

describe('targetSize', () => {
  it('keeps small photos as they are', () => {
    expect(targetSize(800, 600)).toEqual({ width: 800, height: 600 });
  });
  it('scales the longest side down to the maximum, keeping the aspect ratio', () => {
    expect(targetSize(4000, 3000)).toEqual({ width: 1600, height: 1200 });
    expect(targetSize(3000, 4000)).toEqual({ width: 1200, height: 1600 });
  });
});
