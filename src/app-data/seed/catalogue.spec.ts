import { existsSync } from 'node:fs';
import { join } from 'node:path';

import { CATEGORIES, LOCATIONS } from '../../../shared/taxonomy';
import { BLOG_POSTS } from './blog.catalogue';
import { PICKUP_POINTS, PICKUP_WORDS } from './booking-options.catalogue';
import { FAQ_ITEMS } from './faq.catalogue';
import { STAY_PACKAGES } from './stays.catalogue';
import { PICKUP_PLACE_WORDS, TOUR_TRANSLATIONS } from './tour-translations.catalogue';
import { POPULAR_TOURS } from '../../../client/components/popular-tours';
import { TOURS } from './tours.catalogue';
import { seededTourWords, tourImages } from './catalogue.seeder';

const SPEC_CATEGORIES = [
  'Dogsledding', 'Snowmobile', 'Car Tours', 'Ice Fishing', 'Northern Lights', 'Reindeer', 'Sami Culture',
  'Ice Climbing', 'Winter', 'Summer', 'Family Friendly', 'BBQ', 'Moose Spotting', 'Snowshoe Hiking',
];

describe('the seeded catalogue', () => {
  it('has the 14 categories of spec section 9, in order', () => {
    expect(CATEGORIES.map((category) => category.name)).toEqual(SPEC_CATEGORIES);
  });

  it('has at least 22 tours covering every category and both locations', () => {
    expect(TOURS.length).toBeGreaterThanOrEqual(22);
    const used = new Set(TOURS.flatMap((tour) => tour.categories));
    expect([...used].sort()).toEqual([...SPEC_CATEGORIES].sort());
    const places = new Set(TOURS.flatMap((tour) => tour.locations));
    expect([...places].sort()).toEqual(LOCATIONS.map((location) => location.name).sort());
  });

  it('includes every tour the home page links to', () => {
    const slugs = TOURS.map((tour) => tour.slug);
    // Spec section 2: the home page's popular tour links.
    expect(slugs).toEqual(expect.arrayContaining([...POPULAR_TOURS]));
  });

  it('keeps tour slugs unique and apart from the category landing paths', () => {
    const slugs = TOURS.map((tour) => tour.slug);
    expect(new Set(slugs).size).toBe(slugs.length);
    for (const category of CATEGORIES) expect(slugs).not.toContain(category.slug);
  });

  it('quotes the snowmobile price the metadata promises (from 1950 SEK)', () => {
    const snowmobile = TOURS.filter((tour) => tour.categories.includes('Snowmobile'));
    expect(Math.min(...snowmobile.map((tour) => tour.priceSek))).toBe(1950);
  });

  it('gives every tour complete, sensible details', () => {
    for (const tour of TOURS) {
      expect(tour.description.length).toBeGreaterThan(200);
      expect(tour.priceSek).toBeGreaterThan(0);
      expect(tour.durationMinutes).toBeGreaterThan(0);
      expect(tour.pickupPlaces.length).toBeGreaterThan(0);
      expect(tour.highlights.length).toBeGreaterThan(0);
      expect(tour.seasonMonths.every((month) => month >= 1 && month <= 12)).toBe(true);
      expect(tour.startTimes.every((time) => /^\d\d:\d\d$/.test(time))).toBe(true);
      expect(tour.imageAlt.length).toBeGreaterThan(10);
    }
  });

  it('gives every tour pictures of its own, every one of them shipped', () => {
    const urls = TOURS.flatMap((tour) => tourImages(tour).map((image) => image.url));
    expect(new Set(urls).size).toBe(urls.length);
    for (const url of urls) expect(existsSync(join(__dirname, '..', '..', '..', 'client', 'public', url))).toBe(true);
  });

  it('has the blog posts, the FAQ comparison and both stay packages', () => {
    expect(BLOG_POSTS.length).toBeGreaterThanOrEqual(4);
    expect(FAQ_ITEMS.length).toBeGreaterThanOrEqual(10);
    expect(FAQ_ITEMS.filter((item) => item.topic === 'comparison').length).toBeGreaterThanOrEqual(4);
    expect(STAY_PACKAGES.map((stay) => stay.slug)).toEqual(['glass-igloo-night', 'guesthouse-night', 'abisko-cabin-night']);
  });

  it('ships every tour in Swedish and German, each field and list item told, the lists as long as the English', () => {
    expect(Object.keys(TOUR_TRANSLATIONS).sort()).toEqual(TOURS.map((tour) => tour.slug).sort());
    for (const tour of TOURS) {
      for (const lang of ['sv', 'de'] as const) {
        const words = TOUR_TRANSLATIONS[tour.slug]![lang];
        for (const [field, value] of Object.entries(words)) expect({ slug: tour.slug, lang, field, empty: (Array.isArray(value) ? value : [value]).some((text) => !text.trim()) }).toEqual({ slug: tour.slug, lang, field, empty: false });
        expect({ slug: tour.slug, lang, lists: [words.highlights.length, words.included.length, words.whatToBring.length] }).toEqual({ slug: tour.slug, lang, lists: [tour.highlights.length, tour.included.length, tour.whatToBring.length] });
        // The same paragraphs, the same light markup.
        expect(words.description.split('\n\n').length).toBe(tour.description.split('\n\n').length);
        expect(words.shortDescription.match(/<\/?[bi]>/g)).toEqual(tour.shortDescription.match(/<\/?[bi]>/g));
      }
    }
  });

  it("seeds each tour's texts and its categories' and questions' names together, in both languages", () => {
    const words = seededTourWords(TOURS.find((tour) => tour.slug === 'reindeer-sledding-day-tour-in-kiruna')!);
    expect(words.sv).toMatchObject({ title: 'Renslädtur i Kiruna', 'c:adult': 'Vuxen (13+)', 'q:weight': 'Vikt' });
    expect(words.de).toMatchObject({ title: 'Rentierschlitten-Tagestour in Kiruna', 'c:child': 'Kind (4-12)', 'q:diet': 'Ernährung (Allergien, vegetarisch …)' });
    expect(words.de.highlights!.split('\n')).toHaveLength(3);
    expect(words.sv.pickupPlaces).toBe('Kiruna centrum (Scandic Ferrum)\nKiruna busstation\nDitt hotell i Kiruna på begäran');
  });

  it("has Swedish and German words for every seeded tour's pickup places, and none for a place no tour has", () => {
    const places = new Set(TOURS.flatMap((tour) => tour.pickupPlaces));
    expect([...places].filter((place) => !PICKUP_PLACE_WORDS[place])).toEqual([]);
    expect(Object.keys(PICKUP_PLACE_WORDS).filter((place) => !places.has(place))).toEqual([]);
  });

  it('ships pickup words only for pickup points it seeds', () => {
    expect(Object.keys(PICKUP_WORDS).filter((name) => !PICKUP_POINTS.some((point) => point.name === name))).toEqual([]);
  });
});
