/** Blog posts; `daysAgo` dates them relative to the first start so the newest is recent. */
export const BLOG_POSTS = [
  {
    slug: 'how-to-photograph-the-northern-lights-with-your-phone',
    title: 'How to Photograph the Northern Lights with Your Phone',
    excerpt: 'You do not need a big camera to bring the aurora home. Five settings and one trick our guides teach every evening.',
    coverImageUrl: '/images/art/aurora-lake.svg',
    coverImageAlt: 'Green aurora reflected in a mountain lake',
    author: 'Elin Marakatt',
    daysAgo: 6,
    content: `<p>Modern phones are surprisingly good at the aurora, because their night modes stack many short exposures into one. What they need from you is <strong>stillness</strong> and a little patience.</p>
<h2>Five settings that matter</h2>
<ol>
<li><strong>Night mode on</strong>, with the longest time your phone offers (often 10 to 30 seconds).</li>
<li><strong>Flash off.</strong> It only lights up the snow in front of you.</li>
<li><strong>Focus at infinity</strong>: tap on a bright star or a distant light, then lock focus.</li>
<li><strong>Brightness down</strong> a step or two, so the green does not burn out.</li>
<li><strong>A tripod</strong>, or rest the phone on a backpack or a snowbank.</li>
</ol>
<h2>The trick</h2>
<p>Put something in the foreground: a tree, a lavvu, your friends. A sky alone looks like any sky; a sky over a place tells a story. Our guides carry small tripods and are happy to set them up for you.</p>
<p>Cold drains batteries fast. Keep a spare power bank in an inside pocket, close to your body.</p>`,
  },
  {
    slug: 'kiruna-or-abisko-where-to-stay-for-the-aurora',
    title: 'Kiruna or Abisko: Where to Stay for the Aurora?',
    excerpt: 'Two bases, two characters. How the town by the mine and the village by the lake compare for lights, activities and getting around.',
    coverImageUrl: '/images/art/abisko-canyon.svg',
    coverImageAlt: 'A frozen canyon in blue winter light',
    author: 'Johan Lindqvist',
    daysAgo: 21,
    content: `<p>Guests ask us this every week. The honest answer: <em>both are excellent</em>, and they suit different trips.</p>
<h2>Kiruna and Aurora River Camp</h2>
<p>Kiruna has the airport, the widest choice of activities (huskies, snowmobiles, reindeer, the Icehotel) and the glass igloos. When clouds come in, our guides simply drive to where the sky is clear.</p>
<h2>Abisko</h2>
<p>Abisko sits in the rain shadow of the mountains around Lake Torneträsk, so its sky is clear more often. It is quiet, wild and perfect for hiking, photography and ice climbing.</p>
<p>Many guests split their stay: two nights in Kiruna, two in Abisko, one train ride in between. Read our <a href="/faq/">FAQ</a> for the full comparison.</p>`,
  },
  {
    slug: 'what-to-wear-in-lapland-in-winter',
    title: 'What to Wear in Lapland in Winter',
    excerpt: 'Minus 25 sounds frightening. Dressed right, it is wonderful. A packing list from guides who spend every winter day outside.',
    coverImageUrl: '/images/art/snowshoe.svg',
    coverImageAlt: 'Snowshoe hikers among frosted spruce trees',
    author: 'Elin Marakatt',
    daysAgo: 40,
    content: `<p>Winter here is typically between -10 and -25 °C. The secret is not thickness but <strong>layers</strong> that trap warm air.</p>
<h2>Layers, wool and nothing tight</h2>
<ul>
<li><strong>Base layer:</strong> merino wool, top and bottom. Never cotton: it holds sweat and cools you.</li>
<li><strong>Mid layer:</strong> a wool sweater or fleece.</li>
<li><strong>Outer layer:</strong> we lend windproof overalls, boots and mittens on every winter tour.</li>
<li><strong>Small things:</strong> a hat over the ears, a buff for the face, thin liner gloves for the camera.</li>
</ul>
<h1>Boots and toes</h1>
<p>Boots should be roomy: tight boots cut the blood flow and your toes get cold, however thick the socks.</p>`,
  },
  {
    slug: 'a-day-with-the-huskies',
    title: 'A Day with the Huskies',
    excerpt: 'Sixty dogs, two mushers and one very excited puppy. What really happens at the kennel before your dog sledding tour begins.',
    coverImageUrl: '/images/art/dogsled.svg',
    coverImageAlt: 'A husky team pulling a sled across a frozen river',
    author: 'Johan Lindqvist',
    daysAgo: 65,
    content: `<p>At six the kennel wakes. Sixty Alaskan huskies get warm water with soaked meat and fish, and every paw is checked. The mushers know each dog by name, temperament and favourite position in the team.</p>
<h2>Choosing the teams</h2>
<p>Leaders are clever and calm; wheel dogs, closest to the sled, are the strongest. A good team is a friendship as much as a machine, and the mushers plan pairs with care.</p>
<p>When the guests arrive, the dogs are already singing. That howl means one thing: <strong>let us run</strong>.</p>`,
  },
  {
    slug: 'midnight-sun-summer-in-abisko',
    title: 'Midnight Sun: Summer in Abisko',
    excerpt: 'From June to mid-July the sun circles the sky without setting. Hikes, wildflowers and a lake that glows at midnight.',
    coverImageUrl: '/images/art/midnight-sun.svg',
    coverImageAlt: 'Hikers on a ridge in golden midnight light',
    author: 'Sara Nilsson',
    daysAgo: 120,
    content: `<p>Abisko in summer is a different country: green birch slopes, roaring rivers full of snowmelt and wildflowers on every ledge. From early June to mid-July the sun does not set at all.</p>
<p>Our <a href="/tours/midnight-sun-hike-to-lapporten-viewpoint/">midnight sun hike</a> climbs Njullá to watch the sun skim the horizon above Lake Torneträsk. Bring insect repellent in July.</p>`,
  },
];
