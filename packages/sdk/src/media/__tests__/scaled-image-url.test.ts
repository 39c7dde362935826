import { describe, expect, it } from 'vitest';
import { StoreArgumentError } from '../../errors/argument-error.js';
import { imageSrcSet, scaledImageUrl } from '../scaled-image-url.js';

const JPG = '3c76e2_bf235c38610f4d2a905db71095b351cf~mv2.jpg';
const PLATFORM = `https://static.wixstatic.com/media/${JPG}`;
const fill = (w: number, h: number) =>
  `https://static.wixstatic.com/media/${JPG}/v1/fill/w_${w},h_${h},al_c,q_80,usm_0.66_1.00_0.01,enc_auto/${JPG}`;

describe('scaledImageUrl', () => {
  it('writes the platform media server path, as the official client does', () => {
    // The official client's media.getScaledToFillImageUrl(id, 400, 300) for the same image.
    expect(scaledImageUrl(PLATFORM, { width: 400, height: 300 })).toBe(fill(400, 300));
    expect(
      scaledImageUrl(
        { id: JPG, url: PLATFORM, width: 1000, height: 1000 },
        { width: 400, height: 300 },
      ),
    ).toBe(fill(400, 300));
    expect(
      scaledImageUrl(`wix:image://v1/${JPG}/shirt.jpg#originWidth=1000&originHeight=1000`, {
        width: 400,
        height: 300,
      }),
    ).toBe(fill(400, 300));
    expect(scaledImageUrl({ id: JPG }, { width: 400, height: 300 })).toBe(fill(400, 300));
  });

  it('keeps the origin of the image, the emulator included, and resizes a sized URL again', () => {
    const emulator = 'http://127.0.0.1:4010/media/lamp.png';
    expect(scaledImageUrl(emulator, { width: 80, height: 80, fit: 'fit' })).toBe(
      'http://127.0.0.1:4010/media/lamp.png/v1/fit/w_80,h_80,q_80,usm_0.66_1.00_0.01,enc_auto/lamp.png',
    );
    expect(scaledImageUrl(fill(400, 300), { width: 10, height: 10 })).toBe(fill(10, 10));
  });

  it('leaves SVGs and images hosted elsewhere as they are', () => {
    expect(
      scaledImageUrl('http://127.0.0.1:4010/media/stoneware-mug.svg', { width: 80, height: 80 }),
    ).toBe('http://127.0.0.1:4010/media/stoneware-mug.svg');
    expect(scaledImageUrl('https://cdn.example/a.jpg?v=2', { width: 80, height: 80 })).toBe(
      'https://cdn.example/a.jpg?v=2',
    );
  });

  it('refuses a bad size or an image without a url or id', () => {
    for (const [image, size, argument] of [
      [PLATFORM, { width: 0, height: 10 }, 'size.width'],
      [PLATFORM, { width: 10, height: 5001 }, 'size.height'],
      [PLATFORM, { width: 1.5, height: 10 }, 'size.width'],
      [{}, { width: 10, height: 10 }, 'image'],
      ['wix:image://v1/../x#a', { width: 10, height: 10 }, 'image'],
    ] as const) {
      const error: unknown = (() => {
        try {
          scaledImageUrl(image, size);
        } catch (e) {
          return e;
        }
      })();
      expect(error).toBeInstanceOf(StoreArgumentError);
      expect(error).toMatchObject({ argument });
    }
  });
});

describe('imageSrcSet', () => {
  it('lists 1x and 2x, capped at the largest side', () => {
    expect(imageSrcSet(PLATFORM, { width: 400, height: 300 })).toBe(
      `${fill(400, 300)} 1x, ${fill(800, 600)} 2x`,
    );
    expect(imageSrcSet(PLATFORM, { width: 4000, height: 10, densities: [1, 1.5] })).toBe(
      `${fill(4000, 10)} 1x, ${fill(5000, 15)} 1.5x`,
    );
  });

  it('is undefined for an image the server does not resize', () => {
    expect(imageSrcSet('http://127.0.0.1:4010/media/mug.svg', { width: 4, height: 4 })).toBe(
      undefined,
    );
    expect(imageSrcSet('https://cdn.example/a.jpg', { width: 4, height: 4 })).toBe(undefined);
  });
});
