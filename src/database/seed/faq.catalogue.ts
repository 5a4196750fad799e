import type { FaqTopic } from '../../faq/faq-item.entity';

/** The FAQ page: the Aurora River Camp (Kiruna) and Abisko comparison, then practical questions. */
export const FAQ_ITEMS: { question: string; answer: string; topic: FaqTopic }[] = [
  {
    topic: 'comparison',
    question: 'Aurora River Camp or Abisko: where are my chances of seeing the Northern Lights best?',
    answer:
      'Both sit under the auroral oval, so the lights are overhead on most active nights. Abisko has the edge on cloud: the mountains around Lake Torneträsk create a rain shadow, the “blue hole”, that often stays clear when the rest of Lapland is overcast. Aurora River Camp on the Torne River outside Kiruna has darker skies than the village and our guides can drive to clear weather, so over a stay of three nights the chances are high in both places.',
  },
  {
    topic: 'comparison',
    question: 'How do I get to Aurora River Camp and to Abisko?',
    answer:
      'Aurora River Camp is 15 minutes by car from Kiruna Airport and Kiruna city; we pick you up. Abisko is about 95 km north-west of Kiruna: 1 hour 15 minutes by car or the daily train (Kiruna–Narvik line) to Abisko Turiststation or Abisko Östra.',
  },
  {
    topic: 'comparison',
    question: 'Which place is better for families?',
    answer:
      'Aurora River Camp near Kiruna, for most families: short transfers, the glass igloos and the guesthouse close by, and gentle activities such as reindeer sledding, husky puppies and snowshoe walks with cocoa by the fire. Abisko suits families with older children who enjoy hiking and photography.',
  },
  {
    topic: 'comparison',
    question: 'Which has more to do in the daytime?',
    answer:
      'Kiruna and the camp offer the widest choice: dog sledding, snowmobiles, reindeer, ice fishing, the Icehotel in Jukkasjärvi and Sami culture. Abisko is the place for nature: the national park, the canyon, ice climbing, snowshoe walks and fishing on Lake Torneträsk.',
  },
  {
    topic: 'comparison',
    question: 'Where will I sleep?',
    answer:
      'At Aurora River Camp you can book a glass igloo or a room at our sister guesthouse as a tour + stay package. In Abisko there are the mountain station, cabins and small guesthouses; we pick up from all of them.',
  },
  {
    topic: 'comparison',
    question: 'How cold is it in each place?',
    answer:
      'Winter temperatures are typically between -10 and -25 °C in both places. Abisko, closer to the Atlantic, is often a few degrees milder but windier; the Torne valley around the camp can be colder and still. We lend warm overalls, boots and mittens on every winter tour.',
  },
  {
    topic: 'northern-lights',
    question: 'When is the Northern Lights season?',
    answer:
      'From September to April, when the nights are dark. The best months are December to March, with long, dark nights and stable winter weather; September and October bring aurora over lakes that have not yet frozen.',
  },
  {
    topic: 'northern-lights',
    question: 'What happens if we do not see the aurora?',
    answer:
      'Nobody can promise the lights. Our guides go where the forecast is best and tell you honestly what the sky is doing. If you see no aurora on a Northern Lights tour, you may join another Northern Lights evening during your stay at half price.',
  },
  {
    topic: 'practical',
    question: 'What should I wear?',
    answer:
      'Layers: thermal wool underwear, a warm mid-layer such as fleece or wool, and a hat, a buff and gloves. On winter tours we lend windproof overalls, insulated boots and thick mittens, so you do not need to buy expensive gear.',
  },
  {
    topic: 'practical',
    question: 'How big are the groups?',
    answer: 'At most 8 guests per departure, always. Small groups mean more time with the guide, better photos and less impact on nature.',
  },
  {
    topic: 'booking',
    question: 'How do I book and pay?',
    answer:
      'Choose a tour and a date on this site and book online; your seats are held for 15 minutes while you check out. Depending on the tour you pay by card online or on arrival. You receive a confirmation by email with your booking reference.',
  },
  {
    topic: 'booking',
    question: 'Can I cancel or change my booking?',
    answer:
      'Yes. Free cancellation up to 48 hours before the start; after that we charge 50 %, and 100 % on the day. To change or cancel an existing booking, please call us during business hours with your booking reference.',
  },
];
