import { compareTours, mapTourSummary } from './tour.mapper';
import type { Tour } from './tour.entity';

describe(compareTours.name, () => {
  it('sorts by sort_order ascending, missing last, ties by id descending', () => {
    const tours = [
      { id: 1, sortOrder: null },
      { id: 2, sortOrder: 5 },
      { id: 3, sortOrder: 1 },
      { id: 4, sortOrder: 5 },
      { id: 5, sortOrder: null },
    ];
    expect([...tours].sort(compareTours).map((tour) => tour.id)).toEqual([3, 4, 2, 5, 1]);
  });
});

describe(mapTourSummary.name, () => {
  it('answers with spec section 3 fields, hours and a cleaned short text', () => {
    const tour = {
      id: 7,
      slug: 'x',
      title: 'X',
      shortDescription: '<b>Fast</b>  &amp; &quot;fun&quot;',
      imageUrl: '/images/art/x.svg',
      imageAlt: 'alt',
      isMain: true,
      durationMinutes: 150,
      priceSek: 1950,
      sortOrder: null,
      pickupPlaces: ['Kiruna'],
      categories: [{ id: 1, name: 'Winter', slug: 'winter', sortOrder: 8 }, { id: 2, name: 'Snowmobile', slug: 'snowmobile', sortOrder: 1 }],
      locations: [{ id: 1, name: 'Kiruna', slug: 'kiruna', sortOrder: 0 }],
    } as unknown as Tour;
    expect(mapTourSummary(tour)).toEqual({
      id: 7,
      slug: 'x',
      title: 'X',
      short_description: 'Fast & "fun"',
      image_url: '/images/art/x.svg',
      image_alt: 'alt',
      isMain: true,
      duration: 2.5,
      price: 1950,
      locations: ['Kiruna'],
      sort_order: null,
      categories: ['Snowmobile', 'Winter'],
      operatesFrom: ['Kiruna'],
    });
  });

  it('carries the main image\'s sizes when it was uploaded, and none for the artwork', () => {
    const variants = [{ url: '/uploads/abc/480.avif', width: 480, type: 'image/avif' as const }];
    const base = { id: 1, slug: 'y', title: 'Y', shortDescription: '', durationMinutes: 60, priceSek: 1, sortOrder: null, pickupPlaces: [], categories: [], locations: [] };
    const uploaded = { ...base, imageUrl: '/uploads/abc/1600.jpg', images: [{ url: '/uploads/abc/1600.jpg', alt: 'a', width: 1600, height: 900, variants }] } as unknown as Tour;
    expect(mapTourSummary(uploaded).image_variants).toEqual(variants);
    const artwork = { ...base, imageUrl: '/images/art/y.svg', images: [{ url: '/uploads/abc/1600.jpg', alt: 'a', width: 1600, height: 900, variants }] } as unknown as Tour;
    expect(mapTourSummary(artwork)).not.toHaveProperty('image_variants');
  });
});
