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
  {
    slug: 'abisko-cabin-night',
    name: 'Abisko Cabin Night',
    description:
      'A night in one of our four timber cabins at the edge of Abisko National Park, a short walk from the Turiststation: a wood stove, a kitchenette and dark skies outside the door. Bedding and breakfast basket included; room for up to four.',
    nights: 1,
    priceSek: 2200,
    maxGuests: 4,
    partnerUrl: null,
    imageUrl: '/images/art/aurora-cabin.svg',
  },
];

/** The stays in Swedish and German, in STAY_PACKAGES' order: seeded as their translations. */
export const STAY_TRANSLATIONS: Record<'sv' | 'de', { name: string; description: string }>[] = [
  {
    sv: {
      name: 'Natt i glasiglo',
      description:
        'En natt i en uppvärmd glasiglo på vår partners läger utanför Kiruna: spana efter norrskenet från en varm säng under ett glastak. Frukost ingår; plats för upp till fyra.',
    },
    de: {
      name: 'Nacht im Glasiglu',
      description:
        'Eine Nacht in einem beheizten Glasiglu im Camp unseres Partners bei Kiruna: Halten Sie vom warmen Bett unter dem Glasdach Ausschau nach dem Nordlicht. Frühstück inklusive; Platz für bis zu vier Personen.',
    },
  },
  {
    sv: {
      name: 'Natt på gästhuset',
      description: 'En natt på vårt systergästhus i ett lugnt timmerhus vid älven: ett mysigt dubbel- eller familjerum med svensk frukost. Plats för upp till fyra.',
    },
    de: {
      name: 'Nacht im Gästehaus',
      description: 'Eine Nacht in unserem Schwester-Gästehaus, einem ruhigen Holzhaus am Fluss: ein gemütliches Doppel- oder Familienzimmer mit schwedischem Frühstück. Platz für bis zu vier Personen.',
    },
  },
  {
    sv: {
      name: 'Natt i stuga i Abisko',
      description:
        'En natt i en av våra fyra timmerstugor vid kanten av Abisko nationalpark, en kort promenad från Turiststationen: vedspis, pentry och mörk himmel utanför dörren. Sängkläder och frukostkorg ingår; plats för upp till fyra.',
    },
    de: {
      name: 'Nacht in der Hütte in Abisko',
      description:
        'Eine Nacht in einer unserer vier Holzhütten am Rand des Abisko-Nationalparks, ein kurzer Spaziergang von der Turiststation: Holzofen, Kochnische und dunkler Himmel vor der Tür. Bettwäsche und Frühstückskorb inklusive; Platz für bis zu vier Personen.',
    },
  },
];
