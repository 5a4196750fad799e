import { artworkVariants } from './artwork';

describe(artworkVariants.name, () => {
  it('Names the built sizes of a shipped artwork, a tour place picture too', () => {
    expect(artworkVariants('/images/art/dogsled.svg')?.slice(0, 3)).toEqual([
      { url: '/images/art/raster/dogsled-480.avif', width: 480, type: 'image/avif' },
      { url: '/images/art/raster/dogsled-480.webp', width: 480, type: 'image/webp' },
      { url: '/images/art/raster/dogsled-480.jpg', width: 480, type: 'image/jpeg' },
    ]);
    expect(artworkVariants('/images/art/places/drive-your-own-dog-sled-team.svg')).toHaveLength(9);
    expect(artworkVariants('/images/art/places/drive-your-own-dog-sled-team.svg')![8].url).toBe('/images/art/raster/places/drive-your-own-dog-sled-team-1600.jpg');
  });

  it('Has nothing for an upload, another site, or a path that climbs', () => {
    expect(artworkVariants('/uploads/4e371056b5c038f1ef8ad820/1600.jpg')).toBeUndefined();
    expect(artworkVariants('https://example.com/images/art/dogsled.svg')).toBeUndefined();
    expect(artworkVariants('/images/art/../secret.svg')).toBeUndefined();
  });
});
