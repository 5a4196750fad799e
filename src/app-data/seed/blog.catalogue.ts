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

/** The posts' Swedish and German words (title, excerpt, HTML), in BLOG_POSTS' order; links point at the page in the same language. */
export const BLOG_TRANSLATIONS: Record<'sv' | 'de', { title: string; excerpt: string; content: string }>[] = [
  {
    sv: {
      title: 'Så fotograferar du norrsken med mobilen',
      excerpt: 'Du behöver ingen stor kamera för att ta med dig norrskenet hem. Fem inställningar och ett knep som våra guider lär ut varje kväll.',
      content: `<p>Moderna mobiler är förvånansvärt bra på norrsken, eftersom nattläget lägger ihop många korta exponeringar till en bild. Det de behöver av dig är att du <strong>håller still</strong> och har lite tålamod.</p>
<h2>Fem inställningar som spelar roll</h2>
<ol>
<li><strong>Nattläge på</strong>, med den längsta tid mobilen erbjuder (ofta 10 till 30 sekunder).</li>
<li><strong>Blixten av.</strong> Den lyser bara upp snön framför dig.</li>
<li><strong>Fokus på oändligt</strong>: tryck på en ljus stjärna eller ett avlägset ljus och lås fokus.</li>
<li><strong>Ljusstyrkan ner</strong> ett eller två steg, så att det gröna inte bränns ut.</li>
<li><strong>Ett stativ</strong>, eller låt mobilen vila mot en ryggsäck eller en snödriva.</li>
</ol>
<h2>Knepet</h2>
<p>Ha något i förgrunden: ett träd, en kåta, dina vänner. En himmel ensam ser ut som vilken himmel som helst; en himmel över en plats berättar något. Våra guider har små stativ med sig och ställer gärna upp dem åt dig.</p>
<p>Kylan tömmer batterier snabbt. Ha en extra laddare i en innerficka, nära kroppen.</p>`,
    },
    de: {
      title: 'Nordlichter mit dem Smartphone fotografieren',
      excerpt: 'Für Polarlichtfotos brauchen Sie keine große Kamera. Fünf Einstellungen und ein Trick, den unsere Guides jeden Abend zeigen.',
      content: `<p>Moderne Smartphones sind erstaunlich gut bei Nordlichtern, weil ihr Nachtmodus viele kurze Belichtungen zu einem Bild zusammensetzt. Was sie von Ihnen brauchen, ist <strong>Ruhe</strong> und ein wenig Geduld.</p>
<h2>Fünf Einstellungen, auf die es ankommt</h2>
<ol>
<li><strong>Nachtmodus an</strong>, mit der längsten Zeit, die Ihr Telefon anbietet (oft 10 bis 30 Sekunden).</li>
<li><strong>Blitz aus.</strong> Er beleuchtet nur den Schnee vor Ihnen.</li>
<li><strong>Fokus auf unendlich</strong>: Tippen Sie auf einen hellen Stern oder ein fernes Licht und sperren Sie den Fokus.</li>
<li><strong>Helligkeit herunter</strong>, ein oder zwei Stufen, damit das Grün nicht ausbrennt.</li>
<li><strong>Ein Stativ</strong>, oder legen Sie das Telefon auf einen Rucksack oder eine Schneewehe.</li>
</ol>
<h2>Der Trick</h2>
<p>Setzen Sie etwas in den Vordergrund: einen Baum, ein Lavvu, Ihre Freunde. Ein Himmel allein sieht aus wie jeder Himmel; ein Himmel über einem Ort erzählt eine Geschichte. Unsere Guides haben kleine Stative dabei und stellen sie gern für Sie auf.</p>
<p>Kälte leert Akkus schnell. Tragen Sie eine Powerbank in einer Innentasche, nah am Körper.</p>`,
    },
  },
  {
    sv: {
      title: 'Kiruna eller Abisko: var ska man bo för norrskenet?',
      excerpt: 'Två baser, två karaktärer. Så skiljer sig staden vid gruvan och byn vid sjön åt när det gäller norrsken, aktiviteter och att ta sig runt.',
      content: `<p>Gäster frågar oss om det här varje vecka. Det ärliga svaret: <em>båda är utmärkta</em>, och de passar olika resor.</p>
<h2>Kiruna och Aurora River Camp</h2>
<p>Kiruna har flygplatsen, det bredaste utbudet av aktiviteter (hundspann, snöskoter, renar, Icehotel) och glasigloorna. När molnen drar in kör våra guider helt enkelt dit himlen är klar.</p>
<h2>Abisko</h2>
<p>Abisko ligger i fjällens regnskugga vid Torneträsk, så himlen är oftare klar där. Det är lugnt, vilt och perfekt för vandring, fotografering och isklättring.</p>
<p>Många gäster delar upp sin vistelse: två nätter i Kiruna, två i Abisko och en tågresa emellan. Läs våra <a href="/sv/faq/">vanliga frågor</a> för hela jämförelsen.</p>`,
    },
    de: {
      title: 'Kiruna oder Abisko: Wo übernachten für das Nordlicht?',
      excerpt: 'Zwei Standorte, zwei Charaktere. Wie sich die Stadt an der Mine und das Dorf am See bei Nordlicht, Aktivitäten und Anreise unterscheiden.',
      content: `<p>Gäste fragen uns das jede Woche. Die ehrliche Antwort: <em>beide sind ausgezeichnet</em>, und sie passen zu verschiedenen Reisen.</p>
<h2>Kiruna und Aurora River Camp</h2>
<p>Kiruna hat den Flughafen, die größte Auswahl an Aktivitäten (Huskys, Schneemobile, Rentiere, das Icehotel) und die Glasiglus. Ziehen Wolken auf, fahren unsere Guides einfach dorthin, wo der Himmel klar ist.</p>
<h2>Abisko</h2>
<p>Abisko liegt im Regenschatten der Berge am Torneträsk, daher ist der Himmel dort öfter klar. Es ist ruhig, wild und ideal zum Wandern, Fotografieren und Eisklettern.</p>
<p>Viele Gäste teilen ihren Aufenthalt: zwei Nächte in Kiruna, zwei in Abisko, dazwischen eine Zugfahrt. In unseren <a href="/de/faq/">häufigen Fragen</a> finden Sie den ganzen Vergleich.</p>`,
    },
  },
  {
    sv: {
      title: 'Vad ska man ha på sig i Lappland på vintern?',
      excerpt: 'Minus 25 låter skrämmande. Rätt klädd är det underbart. En packlista från guider som är ute varje vinterdag.',
      content: `<p>Vintern här ligger oftast mellan -10 och -25 °C. Hemligheten är inte tjocklek utan <strong>lager</strong> som håller kvar varm luft.</p>
<h2>Lager, ull och inget som sitter åt</h2>
<ul>
<li><strong>Underställ:</strong> merinoull, både över- och underdel. Aldrig bomull: den håller kvar svett och kyler dig.</li>
<li><strong>Mellanlager:</strong> en ylletröja eller fleece.</li>
<li><strong>Ytterlager:</strong> vi lånar ut vindtäta overaller, kängor och vantar på alla vinterturer.</li>
<li><strong>Det lilla:</strong> en mössa över öronen, en buff för ansiktet och tunna innervantar för kameran.</li>
</ul>
<h1>Kängor och tår</h1>
<p>Kängorna ska vara rymliga: trånga kängor stryper blodflödet och tårna blir kalla, hur tjocka strumporna än är.</p>`,
    },
    de: {
      title: 'Was man im Winter in Lappland anzieht',
      excerpt: 'Minus 25 Grad klingt beängstigend. Richtig angezogen ist es wunderbar. Eine Packliste von Guides, die jeden Wintertag draußen verbringen.',
      content: `<p>Der Winter liegt hier meist zwischen -10 und -25 °C. Das Geheimnis ist nicht die Dicke, sondern <strong>Schichten</strong>, die warme Luft halten.</p>
<h2>Schichten, Wolle und nichts Enges</h2>
<ul>
<li><strong>Unterwäsche:</strong> Merinowolle, oben und unten. Niemals Baumwolle: Sie hält den Schweiß und kühlt aus.</li>
<li><strong>Mittlere Schicht:</strong> ein Wollpullover oder Fleece.</li>
<li><strong>Äußere Schicht:</strong> Winddichte Overalls, Stiefel und Fäustlinge leihen wir Ihnen auf jeder Wintertour.</li>
<li><strong>Kleinigkeiten:</strong> eine Mütze über den Ohren, ein Schlauchtuch fürs Gesicht, dünne Unterhandschuhe für die Kamera.</li>
</ul>
<h1>Stiefel und Zehen</h1>
<p>Stiefel sollten geräumig sein: Enge Stiefel schnüren das Blut ab, und die Zehen werden kalt, wie dick die Socken auch sind.</p>`,
    },
  },
  {
    sv: {
      title: 'En dag med hundarna',
      excerpt: 'Sextio hundar, två musherer och en mycket förväntansfull valp. Det här händer i hundgården innan din hundspannstur börjar.',
      content: `<p>Klockan sex vaknar hundgården. Sextio alaskan huskies får varmt vatten med uppblött kött och fisk, och varje tass ses över. Musherna känner varje hund vid namn, temperament och favoritplats i spannet.</p>
<h2>Att välja spann</h2>
<p>Ledarhundarna är kloka och lugna; hjulhundarna, närmast släden, är de starkaste. Ett bra spann är lika mycket en vänskap som en maskin, och musherna sätter ihop paren med omsorg.</p>
<p>När gästerna kommer sjunger hundarna redan. Det ylandet betyder en sak: <strong>nu springer vi</strong>.</p>`,
    },
    de: {
      title: 'Ein Tag mit den Huskys',
      excerpt: 'Sechzig Hunde, zwei Musher und ein sehr aufgeregter Welpe. Was im Zwinger passiert, bevor Ihre Hundeschlittentour beginnt.',
      content: `<p>Um sechs Uhr erwacht der Zwinger. Sechzig Alaskan Huskys bekommen warmes Wasser mit eingeweichtem Fleisch und Fisch, und jede Pfote wird kontrolliert. Die Musher kennen jeden Hund mit Namen, Temperament und Lieblingsplatz im Gespann.</p>
<h2>Die Gespanne zusammenstellen</h2>
<p>Leithunde sind klug und ruhig; die Wheel Dogs direkt vor dem Schlitten sind die stärksten. Ein gutes Gespann ist ebenso eine Freundschaft wie eine Maschine, und die Musher planen die Paare mit Sorgfalt.</p>
<p>Wenn die Gäste ankommen, singen die Hunde schon. Dieses Heulen bedeutet nur eines: <strong>Lasst uns laufen</strong>.</p>`,
    },
  },
  {
    sv: {
      title: 'Midnattssol: sommar i Abisko',
      excerpt: 'Från juni till mitten av juli går solen runt himlen utan att gå ner. Vandringar, fjällblommor och en sjö som lyser vid midnatt.',
      content: `<p>Abisko på sommaren är ett annat land: gröna björksluttningar, forsande älvar fulla av smältvatten och fjällblommor på varje avsats. Från början av juni till mitten av juli går solen inte ner alls.</p>
<p>Vår <a href="/sv/tours/midnight-sun-hike-to-lapporten-viewpoint/">midnattssolsvandring</a> går upp på Njullá för att se solen snudda vid horisonten ovanför Torneträsk. Ta med myggmedel i juli.</p>`,
    },
    de: {
      title: 'Mitternachtssonne: Sommer in Abisko',
      excerpt: 'Von Juni bis Mitte Juli kreist die Sonne am Himmel, ohne unterzugehen. Wanderungen, Wildblumen und ein See, der um Mitternacht leuchtet.',
      content: `<p>Abisko im Sommer ist ein anderes Land: grüne Birkenhänge, rauschende Flüsse voller Schmelzwasser und Wildblumen auf jedem Felsband. Von Anfang Juni bis Mitte Juli geht die Sonne gar nicht unter.</p>
<p>Unsere <a href="/de/tours/midnight-sun-hike-to-lapporten-viewpoint/">Mitternachtssonnen-Wanderung</a> führt auf den Njullá, wo die Sonne über dem Torneträsk den Horizont streift. Im Juli Mückenschutz nicht vergessen.</p>`,
    },
  },
];
