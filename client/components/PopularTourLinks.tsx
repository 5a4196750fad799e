import { Link } from 'react-router-dom';

/** Spec section 2: the tours the home page links to. */
export const POPULAR_TOURS = [
  { slug: 'northern-lights-car-chase-kiruna', label: 'Northern Lights Car Chase' },
  { slug: 'drive-your-own-dog-sled-team', label: 'Drive Your Own Dog Sled Team' },
  { slug: 'snowmobile-adventure-kiruna-2-hour-arctic-wilderness-tour', label: 'Snowmobile Adventure, 2 hours' },
  { slug: 'reindeer-sledding-day-tour-in-kiruna', label: 'Reindeer Sledding Day Tour' },
  { slug: 'northern-lights-sami-inspired-bbq-kiruna', label: 'Northern Lights with Sami Inspired BBQ' },
  { slug: 'moose-spotting-tour-from-kiruna-to-nikkaluokta', label: 'Moose Spotting to Nikkaluokta' },
  { slug: 'daytime-snowshoe-hike-kiruna', label: 'Daytime Snowshoe Hike' },
  { slug: 'arctic-snowshoe-moments-fire-cocoa-marshmallows', label: 'Snowshoes, Fire, Cocoa & Marshmallows' },
  { slug: 'narvik-fjord-and-narvik-city-sightseeing', label: 'Narvik Fjord and City Sightseeing' },
  { slug: 'tour-to-narvik-from-abisko', label: 'Tour to Narvik from Abisko' },
  { slug: 'morning-hike-in-abisko-national-park', label: 'Morning Hike in Abisko National Park' },
];

export function PopularTourLinks() {
  return (
    <ul className="popular-links">
      {POPULAR_TOURS.map((tour) => (
        <li key={tour.slug}>
          <Link to={`/tours/${tour.slug}/`}>{tour.label}</Link>
        </li>
      ))}
    </ul>
  );
}
