export const STAY_PACKAGES = [
  {
    slug: 'glass-igloo-night',
    name: 'Glass Igloo Night',
    description:
      'A night in a heated glass igloo at our partner’s camp outside Kiruna: watch for the aurora from a warm bed under a glass roof. Breakfast included; room for up to four.',
    nights: 1,
    priceSek: 4900,
    maxGuests: 4,
    partnerUrl: 'https://www.glassigloo-kiruna.se/',
    imageUrl: '/images/art/glass-igloo.svg',
  },
  {
    slug: 'guesthouse-night',
    name: 'Guesthouse Night',
    description:
      'A night at our sister guesthouse in a quiet timber house by the river: a cosy double or family room with a Swedish breakfast. Room for up to four.',
    nights: 1,
    priceSek: 1650,
    maxGuests: 4,
    partnerUrl: null,
    imageUrl: '/images/art/guesthouse.svg',
  },
];
