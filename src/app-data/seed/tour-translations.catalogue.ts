/** A tour's words in another language, as the seed ships them (content_translations, subject `tour`). */
export interface TourWords {
  title: string;
  shortDescription: string;
  description: string;
  imageAlt: string;
  highlights: string[];
  included: string[];
  whatToBring: string[];
  meetingPoint: string;
  season: string;
}

type Translations = Record<'sv' | 'de', TourWords>;

const WARM = {
  sv: ['Varma underställ (ull, inte bomull)', 'Mössa, halsduk eller buff och varma handskar', 'En kamera med ett laddat extrabatteri'],
  de: ['Warme Funktionsunterwäsche (Wolle, keine Baumwolle)', 'Mütze, Schal oder Schlauchschal und warme Handschuhe', 'Eine Kamera mit geladenem Ersatzakku'],
};
const FERRUM = { sv: 'Utanför Scandic Ferrum, Lars Janssonsgatan 15, Kiruna', de: 'Vor dem Scandic Ferrum, Lars Janssonsgatan 15, Kiruna' };
const BUS = { sv: 'Kiruna busstation, Hjalmar Lundbohmsvägen 42', de: 'Busbahnhof Kiruna, Hjalmar Lundbohmsvägen 42' };
const ABISKO = { sv: 'Abisko Turiststation, huvudentrén', de: 'Abisko Turiststation, Haupteingang' };
const AURORA_EVENINGS = { sv: 'September till april, kvällar', de: 'September bis April, abends' };
const WINTER_DAYS = { sv: 'December till april, dagtid', de: 'Dezember bis April, tagsüber' };
const WINTER_AFTERNOONS = { sv: 'December till april, eftermiddagar', de: 'Dezember bis April, nachmittags' };
const DEEP_WINTER_EVENINGS = { sv: 'December till mars, kvällar', de: 'Dezember bis März, abends' };
const LATE_WINTER_DAYS = { sv: 'Januari till april, dagtid', de: 'Januar bis April, tagsüber' };
const ALL_YEAR = { sv: 'Året runt', de: 'Ganzjährig' };

/** The seeded tours' pickup places (tours.catalogue.ts) in Swedish and German, by English name. */
export const PICKUP_PLACE_WORDS: Record<string, Record<'sv' | 'de', string>> = {
  'Kiruna city centre (Scandic Ferrum)': { sv: 'Kiruna centrum (Scandic Ferrum)', de: 'Kiruna Zentrum (Scandic Ferrum)' },
  'Kiruna bus station': { sv: 'Kiruna busstation', de: 'Busbahnhof Kiruna' },
  'Your hotel in Kiruna on request': { sv: 'Ditt hotell i Kiruna på begäran', de: 'Ihr Hotel in Kiruna auf Anfrage' },
  'Abisko Turiststation': { sv: 'Abisko Turiststation', de: 'Abisko Turiststation' },
  'Abisko Östra railway station': { sv: 'Abisko Östra järnvägsstation', de: 'Bahnhof Abisko Östra' },
  'Your accommodation in Abisko village': { sv: 'Ditt boende i Abisko by', de: 'Ihre Unterkunft im Ort Abisko' },
};

/** Every seeded tour in Swedish and German, by slug (tours.catalogue.ts has the English). */
export const TOUR_TRANSLATIONS: Record<string, Translations> = {
  'northern-lights-car-chase-kiruna': {
    sv: {
      title: 'Norrskensjakt med bil från Kiruna',
      shortDescription: 'Jaga norrskenet med minibuss och en guide som läser prognoserna och molnen, och kör dit himlen är klarast i kväll.',
      description:
        'Norrskenet håller inga tider, så vi åker till det. Din guide följer solvindsdata, molnkartor och webbkameror under eftermiddagen och väljer sedan kvällens rutt: österut mot finska gränsen, västerut in bland fjällen kring Nikkaluokta eller norrut längs Torne älv. Vi stannar där himlen öppnar sig, ställer upp stativ, tänder en liten eld och väntar med varm lingondricka och kanelbullar.\n\nMed högst åtta gäster i bilen får alla hjälp med kamerainställningarna och ett gratis porträtt med norrskenet bakom sig. De flesta kvällar mellan september och april ser vi norrsken någonstans; när himlen förblir stängd säger guiden det ärligt, och du får följa med en annan kväll till halva priset.',
      imageAlt: 'Gröna norrskensband över en snöig skogsväg med en minibuss parkerad under stjärnorna',
      highlights: ['Rutten väljs live efter norrskens- och molnprognoser', 'Stativ och kamerahjälp för alla gäster', 'Lägereld med varm dryck och kanelbullar', 'Gratis norrskensporträtt dagen efter'],
      included: ['Upphämtning och återresa från hotellet', 'Varma vinteroveraller och kängor', 'Lån av stativ', 'Varm dryck och ett lätt mellanmål', 'Norrskensbilder från din guide'],
      whatToBring: WARM.sv,
      meetingPoint: FERRUM.sv,
      season: AURORA_EVENINGS.sv,
    },
    de: {
      title: 'Nordlichtjagd mit dem Auto ab Kiruna',
      shortDescription: 'Jagen Sie das Nordlicht im Minibus mit einem Guide, der Vorhersagen und Wolken liest und dorthin fährt, wo der Himmel heute Abend am klarsten ist.',
      description:
        'Das Nordlicht hält sich an keine Termine, also fahren wir zu ihm. Ihr Guide verfolgt am Nachmittag Sonnenwinddaten, Wolkenkarten und Webcams und wählt dann die Route des Abends: nach Osten zur finnischen Grenze, nach Westen in die Berge um Nikkaluokta oder nach Norden am Torne-Fluss entlang. Wir halten dort, wo der Himmel aufreißt, bauen Stative auf, machen ein kleines Feuer und warten mit heißem Preiselbeersaft und Zimtschnecken.\n\nMit höchstens acht Gästen im Fahrzeug bekommt jeder Hilfe bei den Kameraeinstellungen und ein kostenloses Porträt mit dem Nordlicht im Hintergrund. An den meisten Abenden zwischen September und April sehen wir irgendwo Nordlichter; bleibt der Himmel zu, sagt der Guide das ehrlich, und Sie können an einem anderen Abend zum halben Preis mitfahren.',
      imageAlt: 'Grüne Nordlichtbänder über einer verschneiten Waldstraße, ein Minibus parkt unter den Sternen',
      highlights: ['Route live nach Nordlicht- und Wolkenvorhersage gewählt', 'Stative und Kamerahilfe für jeden Gast', 'Lagerfeuer mit heißen Getränken und Zimtschnecken', 'Kostenloses Nordlichtporträt am nächsten Tag'],
      included: ['Abholung am Hotel und Rückfahrt', 'Warme Winteroveralls und Stiefel', 'Leihstativ', 'Heiße Getränke und ein kleiner Snack', 'Nordlichtfotos von Ihrem Guide'],
      whatToBring: WARM.de,
      meetingPoint: FERRUM.de,
      season: AURORA_EVENINGS.de,
    },
  },
  'drive-your-own-dog-sled-team': {
    sv: {
      title: 'Kör ditt eget hundspann',
      shortDescription: 'Träffa huskyhundarna, lär dig stå på medarna och kör ditt eget spann med fyra till sex hundar längs frusna älvar och genom snöig skog.',
      description:
        'På kenneln utanför Kiruna hörs sextio alaskan huskies långt innan du ser dem. Efter en säkerhetsgenomgång och en lektion i att bromsa, styra och prata med hundarna tar du plats på medarna till din egen släde, en eller två gäster per spann, och följer guidens släde över den frusna Torne älv och in i tallskogen.\n\nHalvvägs stannar vi vid ett vildmarksläger för en varm lunch lagad över elden. På vägen tillbaka byter ni plats så att båda får köra. Det finns tid att gosa med hundarna och hälsa på valparna innan vi kör dig tillbaka till Kiruna.',
      imageAlt: 'Ett spann huskyhundar drar en släde över en frusen älv i soluppgången',
      highlights: ['Ditt eget spann med fyra till sex huskies', 'Cirka 15 km på älvis och skogsleder', 'Varm lunch i ett vildmarksläger', 'Tid med hundarna och valparna'],
      included: ['Upphämtning och återresa från Kiruna', 'Vinteroverall, kängor, tumvantar och mössa', 'Körlektion och säkerhetsgenomgång', 'Varm lunch och dryck'],
      whatToBring: [...WARM.sv, 'Solglasögon mot den bländande snön'],
      meetingPoint: 'Kiruna busstation, Hjalmar Lundbohmsvägen 42, eller kenneln i Jukkasjärvi',
      season: 'December till april, förmiddagar',
    },
    de: {
      title: 'Fahren Sie Ihr eigenes Hundegespann',
      shortDescription: 'Lernen Sie die Huskys kennen, stellen Sie sich auf die Kufen und lenken Sie Ihr eigenes Gespann aus vier bis sechs Hunden über gefrorene Flüsse und durch verschneiten Wald.',
      description:
        'Im Zwinger vor Kiruna kündigen sechzig Alaskan Huskys Ihre Ankunft an, lange bevor Sie sie sehen. Nach einer Sicherheitseinweisung und einer Lektion in Bremsen, Lenken und dem Umgang mit den Hunden stehen Sie auf den Kufen Ihres eigenen Schlittens, ein oder zwei Gäste pro Gespann, und folgen dem Schlitten des Guides über den zugefrorenen Torne-Fluss in den Kiefernwald.\n\nAuf halber Strecke halten wir an einem Wildniscamp für ein warmes Mittagessen vom Feuer. Auf dem Rückweg tauschen Sie die Plätze, damit beide Gäste fahren können. Es bleibt Zeit, mit den Hunden zu kuscheln und die Welpen zu besuchen, bevor wir Sie nach Kiruna zurückbringen.',
      imageAlt: 'Ein Huskygespann zieht einen Schlitten bei Sonnenaufgang über einen gefrorenen Fluss',
      highlights: ['Ihr eigenes Gespann mit vier bis sechs Huskys', 'Rund 15 km auf Flusseis und Waldwegen', 'Warmes Mittagessen in einem Wildniscamp', 'Zeit mit den Hunden und den Welpen'],
      included: ['Abholung und Rückfahrt ab Kiruna', 'Winteroverall, Stiefel, Fäustlinge und Mütze', 'Fahrstunde und Sicherheitseinweisung', 'Warmes Mittagessen und Getränke'],
      whatToBring: [...WARM.de, 'Sonnenbrille für den hellen Schnee'],
      meetingPoint: 'Busbahnhof Kiruna, Hjalmar Lundbohmsvägen 42, oder der Zwinger in Jukkasjärvi',
      season: 'Dezember bis April, vormittags',
    },
  },
  'snowmobile-adventure-kiruna-2-hour-arctic-wilderness-tour': {
    sv: {
      title: 'Skoteräventyr: två timmar i arktisk vildmark',
      shortDescription: 'Två timmar på din egen snöskoter genom björkskog och över öppna fjäll, med fikapaus vid elden. <b>Körkort krävs.</b>',
      description:
        'En kort och spännande smak av vildmarken kring Kiruna. Efter en säkerhetsgenomgång kör du din egen snöskoter, eller delar en och byter halvvägs, i en liten rad bakom guiden. Leden klättrar från Tornedalen genom snötung björkskog till öppna fjäll med utsikt mot Kebnekaise, Sveriges högsta berg.\n\nUppe på toppen stannar vi vid en eld för kaffe, te och en kanelbulle. Farten anpassas efter gruppen och snön; guiden håller ihop alla. Förare behöver ett giltigt körkort för bil; passagerare behöver det inte.',
      imageAlt: 'Snöskotrar på en led genom snöig björkskog under en rosa vinterhimmel',
      highlights: ['Kör din egen snöskoter', 'Fjällutsikt mot Kebnekaise', 'Fika vid elden'],
      included: ['Snöskoter (en per två gäster), bränsle och försäkring', 'Hjälm, overall, kängor och tumvantar', 'Kaffe, te och en kanelbulle', 'Upphämtning i Kiruna'],
      whatToBring: ['Giltigt körkort för förare', ...WARM.sv],
      meetingPoint: BUS.sv,
      season: WINTER_DAYS.sv,
    },
    de: {
      title: 'Schneemobil-Abenteuer: zwei Stunden arktische Wildnis',
      shortDescription: 'Zwei Stunden auf Ihrem eigenen Schneemobil durch Birkenwald und über offenes Fjell, mit Kaffeepause am Feuer. <b>Führerschein erforderlich.</b>',
      description:
        'Ein kurzer, aufregender Vorgeschmack auf die Wildnis um Kiruna. Nach einer Sicherheitseinweisung fahren Sie Ihr eigenes Schneemobil, oder Sie teilen sich eines und wechseln auf halber Strecke, in einer kleinen Reihe hinter Ihrem Guide. Der Weg steigt aus dem Tornetal durch tief verschneiten Birkenwald zum offenen Fjell mit Blick auf den Kebnekaise, Schwedens höchsten Berg.\n\nOben halten wir an einem Feuer für Kaffee, Tee und eine schwedische Zimtschnecke. Das Tempo richtet sich nach der Gruppe und dem Schnee; Ihr Guide hält alle zusammen. Fahrer brauchen einen gültigen Autoführerschein, Beifahrer nicht.',
      imageAlt: 'Schneemobile auf einem Weg durch verschneiten Birkenwald unter rosa Winterhimmel',
      highlights: ['Ihr eigenes Schneemobil', 'Blick vom Fjell auf den Kebnekaise', 'Fika am Feuer'],
      included: ['Schneemobil (eines für zwei Gäste), Treibstoff und Versicherung', 'Helm, Overall, Stiefel und Fäustlinge', 'Kaffee, Tee und eine Zimtschnecke', 'Abholung in Kiruna'],
      whatToBring: ['Einen gültigen Führerschein für Fahrer', ...WARM.de],
      meetingPoint: BUS.de,
      season: WINTER_DAYS.de,
    },
  },
  'reindeer-sledding-day-tour-in-kiruna': {
    sv: {
      title: 'Renslädtur i Kiruna',
      shortDescription: 'Glid genom skogen bakom en ren, så som samerna har färdats i århundraden, och värm dig sedan i en lavvu med en renskötare.',
      description:
        'En lugn, tyst färd i renens takt. Hos en samisk familjs renhjord nära Jukkasjärvi får du veta hur renarna sköts året runt, mata dem med lav ur handen och sedan åka en traditionell släde, en gäst per släde, på en slinga genom den snöiga skogen.\n\nEfteråt samlas vi runt elden i en lavvu, det samiska tältet, för suovas (rökt renkött) eller en vegetarisk gryta, kaffe och berättelser om livet med hjorden. En stillsam tur som passar familjer och alla som vill möta samisk kultur på nära håll.',
      imageAlt: 'En ren drar en träsläde genom en stilla, snöig skog',
      highlights: ['Din egen tur i rensläde', 'Mata hjorden ur handen', 'Lunch i en lavvu med en samisk renskötare'],
      included: ['Upphämtning och återresa', 'Vinteroverall och kängor', 'Tur med rensläde', 'Lunch och varm dryck'],
      whatToBring: WARM.sv,
      meetingPoint: BUS.sv,
      season: WINTER_DAYS.sv,
    },
    de: {
      title: 'Rentierschlitten-Tagestour in Kiruna',
      shortDescription: 'Gleiten Sie hinter einem Rentier durch den Wald, so wie die Samen seit Jahrhunderten reisen, und wärmen Sie sich danach mit einem Rentierhirten in einem Lavvu auf.',
      description:
        'Eine ruhige, stille Fahrt im Tempo eines Rentiers. Bei der Herde einer samischen Familie nahe Jukkasjärvi erfahren Sie, wie Rentiere das Jahr über versorgt werden, füttern sie mit Flechten aus der Hand und fahren dann einen traditionellen Schlitten, ein Gast pro Schlitten, auf einer Runde durch den verschneiten Wald.\n\nDanach versammeln wir uns im Lavvu, dem samischen Zelt, am Feuer zu Suovas (geräuchertem Rentierfleisch) oder einem vegetarischen Eintopf, Kaffee und Geschichten aus dem Leben mit der Herde. Eine sanfte Tour für Familien und alle, die die samische Kultur aus erster Hand kennenlernen möchten.',
      imageAlt: 'Ein Rentier zieht einen Holzschlitten durch einen stillen, verschneiten Wald',
      highlights: ['Ihre eigene Rentierschlittenfahrt', 'Die Herde aus der Hand füttern', 'Mittagessen im Lavvu mit einem samischen Hirten'],
      included: ['Abholung und Rückfahrt', 'Winteroverall und Stiefel', 'Schlittenfahrt', 'Mittagessen und heiße Getränke'],
      whatToBring: WARM.de,
      meetingPoint: BUS.de,
      season: WINTER_DAYS.de,
    },
  },
  'northern-lights-sami-inspired-bbq-kiruna': {
    sv: {
      title: 'Norrskenstur med samiskinspirerad grillmiddag',
      shortDescription: 'En kväll i ett vildmarksläger: samiskinspirerad grillning över öppen eld, berättelser och en mörk himmel som väntar på norrskenet.',
      description:
        'Vi kör tjugo minuter bort från Kirunas ljus till ett läger i fjällkanten, där elden redan brinner i kåtan (en samisk timmerkåta). Middagen grillas över lågorna: renkorv och suovas med lingon och tunnbröd, eller ett vegetariskt alternativ, och till sist kokkaffe från glöden.\n\nMellan rätterna går vi ut och tittar på himlen. Lägret vetter norrut över en öppen myr, så när norrskenet kommer är utsikten vid och mörk. Guiden berättar de samiska berättelserna om ljuset och hjälper till med kamerainställningarna.',
      imageAlt: 'Norrsken över en samisk timmerkåta med en glödande eld och gnistor',
      highlights: ['Middag grillad över öppen eld', 'Mörk utsikt norrut långt från staden', 'Samiska berättelser om norrskenet'],
      included: ['Upphämtning och återresa', 'Vinteroverall och kängor', 'Lägereldsmiddag i tre rätter', 'Varm dryck'],
      whatToBring: WARM.sv,
      meetingPoint: FERRUM.sv,
      season: AURORA_EVENINGS.sv,
    },
    de: {
      title: 'Nordlichttour mit samisch inspiriertem Grillabend',
      shortDescription: 'Ein Abend im Wildniscamp: samisch inspiriertes Grillen über offenem Feuer, Geschichten und ein dunkler Himmel, der auf das Nordlicht wartet.',
      description:
        'Wir fahren zwanzig Minuten aus dem Licht Kirunas hinaus zu einem Camp am Rand des Fjells, wo in der Kåta (einer samischen Holzhütte) schon das Feuer brennt. Das Abendessen wird über den Flammen gegrillt: Rentierwurst und Suovas mit Preiselbeeren und Fladenbrot oder eine vegetarische Alternative, danach Kaffee, auf der Glut gekocht.\n\nZwischen den Gängen gehen wir hinaus und beobachten den Himmel. Das Camp blickt nach Norden über ein offenes Moor, sodass die Sicht weit und dunkel ist, wenn das Nordlicht kommt. Ihr Guide erzählt die samischen Geschichten über die Lichter und hilft bei den Kameraeinstellungen.',
      imageAlt: 'Nordlicht über einer samischen Holzhütte mit glühendem Feuer und Funken',
      highlights: ['Abendessen vom offenen Feuer', 'Dunkler Blick nach Norden, fern der Stadt', 'Samische Geschichten über das Nordlicht'],
      included: ['Abholung und Rückfahrt', 'Winteroverall und Stiefel', 'Drei-Gänge-Menü am Lagerfeuer', 'Heiße Getränke'],
      whatToBring: WARM.de,
      meetingPoint: FERRUM.de,
      season: AURORA_EVENINGS.de,
    },
  },
  'moose-spotting-tour-from-kiruna-to-nikkaluokta': {
    sv: {
      title: 'Älgsafari från Kiruna till Nikkaluokta',
      shortDescription: 'Kör den stilla vägen till Nikkaluokta när älgarna kommer fram för att beta, med kikare, tubkikare och en guide som vet var man ska titta.',
      description:
        'Den 66 kilometer långa vägen från Kiruna till samebyn Nikkaluokta följer älvdalen nedanför fjällen, och här är det älgland. I gryning och skymning kliver djuren ut ur björkskogen för att beta på myrarna, och din guide känner gläntorna och saltstenarna där de syns oftast.\n\nVi kör långsamt, stannar ofta och går korta sträckor till tysta utsiktsplatser. På vägen spanar vi efter renar, kungsörnar och, med lite tur, spår av järv. I Nikkaluokta får du kaffe och en bulle vid elden innan vi kör tillbaka.',
      imageAlt: 'En älgtjur står på en dimmig myr i kanten av en björkskog',
      highlights: ['Den bästa älgterrängen nära Kiruna', 'Kikare och tubkikare för alla gäster', 'Kaffe vid elden i Nikkaluokta'],
      included: ['Upphämtning och återresa', 'Kikare', 'Kaffe, te och något att äta'],
      whatToBring: ['Kläder efter årstiden, i dova färger', 'En kamera med zoomobjektiv om du har'],
      meetingPoint: BUS.sv,
      season: 'Året runt, tidiga morgnar och kvällar',
    },
    de: {
      title: 'Elchsafari von Kiruna nach Nikkaluokta',
      shortDescription: 'Fahren Sie die stille Straße nach Nikkaluokta, wenn die Elche zum Äsen herauskommen, mit Fernglas, Spektiv und einem Guide, der weiß, wohin man schauen muss.',
      description:
        'Die 66 Kilometer lange Straße von Kiruna zum samischen Dorf Nikkaluokta folgt dem Flusstal unterhalb der Berge, und hier ist Elchland. In der Morgen- und Abenddämmerung treten die Tiere aus dem Birkenwald, um in den Feuchtgebieten zu äsen, und Ihr Guide kennt die Lichtungen und Salzlecken, an denen sie am häufigsten zu sehen sind.\n\nWir fahren langsam, halten oft und gehen kurze Strecken zu ruhigen Aussichtspunkten. Unterwegs halten wir Ausschau nach Rentieren, Steinadlern und mit etwas Glück nach den Spuren eines Vielfraßes. In Nikkaluokta gibt es Kaffee und Gebäck am Feuer, bevor es zurückgeht.',
      imageAlt: 'Ein Elchbulle steht in einem nebligen Feuchtgebiet am Rand eines Birkenwalds',
      highlights: ['Das beste Elchgebiet bei Kiruna', 'Fernglas und Spektiv für jeden Gast', 'Kaffee am Feuer in Nikkaluokta'],
      included: ['Abholung und Rückfahrt', 'Fernglas', 'Kaffee, Tee und ein Snack'],
      whatToBring: ['Kleidung für die Jahreszeit, in gedeckten Farben', 'Eine Kamera mit Zoomobjektiv, falls vorhanden'],
      meetingPoint: BUS.de,
      season: 'Ganzjährig, frühmorgens und abends',
    },
  },
  'daytime-snowshoe-hike-kiruna': {
    sv: {
      title: 'Snöskovandring på dagen i Kiruna',
      shortDescription: 'En guidad snöskovandring genom djup pudersnö och tyst skog, med djurspår att läsa och lunch lagad över eld.',
      description:
        'Med snöskor blir midjedjup snö en stig som alla kan gå på. Vi börjar i skogskanten en kort bilresa från Kiruna, lär oss den enkla tekniken på fem minuter och går sedan in bland gran och björk där snön ligger orörd.\n\nGuiden läser spåren efter hare, räv, ripa och någon enstaka lodjur, och berättar hur växter och djur klarar den arktiska vintern. Lunchen lagas över eld i en skyddad glänta. Tempot är lugnt; ingen erfarenhet behövs, bara vanlig kondition.',
      imageAlt: 'Snöskovandrare går på rad genom djup snö bland frostiga granar',
      highlights: ['Gå där ingen led går', 'Djurspår som guiden läser', 'Lägereldslunch i skogen'],
      included: ['Snöskor och stavar', 'Vinterkängor och overall', 'Lägereldslunch och varm dryck', 'Upphämtning i Kiruna'],
      whatToBring: [...WARM.sv, 'En liten ryggsäck'],
      meetingPoint: BUS.sv,
      season: WINTER_DAYS.sv,
    },
    de: {
      title: 'Schneeschuhwanderung am Tag in Kiruna',
      shortDescription: 'Eine geführte Schneeschuhwanderung durch tiefen Pulverschnee und stillen Wald, mit Tierspuren zum Lesen und einem Mittagessen vom Feuer.',
      description:
        'Mit Schneeschuhen wird hüfttiefer Schnee zu einem Weg, den jeder gehen kann. Wir starten am Waldrand, eine kurze Fahrt von Kiruna entfernt, lernen die einfache Technik in fünf Minuten und brechen dann durch Fichten und Birken auf, wo der Schnee unberührt liegt.\n\nIhr Guide liest die Spuren von Hasen, Füchsen, Schneehühnern und gelegentlich einem Luchs und erzählt, wie Pflanzen und Tiere den arktischen Winter überstehen. Das Mittagessen wird in einer geschützten Lichtung über dem Feuer gekocht. Das Tempo ist gemütlich; Erfahrung ist nicht nötig, nur normale Fitness.',
      imageAlt: 'Schneeschuhwanderer gehen in einer Reihe durch tiefen Schnee zwischen bereiften Fichten',
      highlights: ['Gehen, wo kein Weg hinführt', 'Tierspuren, gelesen von Ihrem Guide', 'Lagerfeuer-Mittagessen im Wald'],
      included: ['Schneeschuhe und Stöcke', 'Winterstiefel und Overall', 'Lagerfeuer-Mittagessen und heiße Getränke', 'Abholung in Kiruna'],
      whatToBring: [...WARM.de, 'Einen kleinen Rucksack'],
      meetingPoint: BUS.de,
      season: WINTER_DAYS.de,
    },
  },
  'arctic-snowshoe-moments-fire-cocoa-marshmallows': {
    sv: {
      title: 'Arktiska snöskostunder: eld, kakao och marshmallows',
      shortDescription: 'En kort, lugn snöskopromenad för alla åldrar, som slutar vid en sprakande eld med varm kakao och marshmallows att grilla.',
      description:
        'Familjens favorit. En kort promenad på barn- eller vuxensnöskor längs en skyddad skogsstig nära Kiruna, med stopp för att bygga en snölykta, leta spår och göra snöänglar i den djupa pudersnön.\n\nVid slutet väntar en eld i ett vindskydd, med varm kakao, marshmallows att grilla på björkpinnar och en saga om vinterskogens djur. Kort nog för små ben, magiskt nog för vuxna.',
      imageAlt: 'En familj grillar marshmallows över en lägereld i en snöig skog i skymningen',
      highlights: ['Lätt för barn från fyra år', 'Grilla marshmallows vid elden', 'Snölyktor och snöänglar'],
      included: ['Snöskor i alla storlekar', 'Varma overaller och kängor', 'Varm kakao och marshmallows', 'Upphämtning i Kiruna'],
      whatToBring: WARM.sv,
      meetingPoint: BUS.sv,
      season: WINTER_AFTERNOONS.sv,
    },
    de: {
      title: 'Arktische Schneeschuhmomente: Feuer, Kakao und Marshmallows',
      shortDescription: 'Ein kurzer, gemütlicher Schneeschuhspaziergang für alle Altersgruppen, der an einem knisternden Feuer mit heißem Kakao und Marshmallows zum Rösten endet.',
      description:
        'Der Liebling der Familien. Ein kurzer Spaziergang auf Kinder- oder Erwachsenenschneeschuhen entlang eines geschützten Waldwegs bei Kiruna, mit Pausen, um eine Schneelaterne zu bauen, nach Spuren zu suchen und Schneeengel im tiefen Pulverschnee zu machen.\n\nAm Ende wartet ein Feuer in einem Windschutz, mit heißem Kakao, Marshmallows zum Rösten an Birkenstöcken und einer Geschichte über die Tiere des Winterwalds. Kurz genug für kleine Beine, zauberhaft genug für Erwachsene.',
      imageAlt: 'Eine Familie röstet in der Dämmerung Marshmallows über einem Lagerfeuer im verschneiten Wald',
      highlights: ['Leicht für Kinder ab vier Jahren', 'Marshmallows am Feuer rösten', 'Schneelaternen und Schneeengel'],
      included: ['Schneeschuhe in allen Größen', 'Warme Overalls und Stiefel', 'Heißer Kakao und Marshmallows', 'Abholung in Kiruna'],
      whatToBring: WARM.de,
      meetingPoint: BUS.de,
      season: WINTER_AFTERNOONS.de,
    },
  },
  'narvik-fjord-and-narvik-city-sightseeing': {
    sv: {
      title: 'Narvikfjorden och sightseeing i Narvik',
      shortDescription: 'En heldag över fjällen till Norge: Ofotfjorden, Narviks krigshistoria och utsikten från linbanan på Narvikfjellet.',
      description:
        'En av de vackraste vägarna i norr tar oss från Kiruna över gränsfjällen och ner till havet. I Narvik öppnar sig Ofotfjorden nedanför, inramad av branta toppar; vi åker linbanan upp på Narvikfjellet för utsikten, promenerar i hamnen och besöker Narviks krigsmuseum, som berättar om striderna 1940.\n\nDet finns tid för lunch vid vattnet (ingår inte, guiden har bra tips) innan vi kör hem längs Torneträsk. Ta med passet: Norge står utanför EU:s tullunion.',
      imageAlt: 'En djupblå fjord mellan branta snöklädda fjäll med en liten hamnstad',
      highlights: ['Ofotfjorden från linbanan på Narvikfjellet', 'Narviks krigsmuseum', 'Fjällvägen längs Torneträsk'],
      included: ['Resa i bekväm minibuss', 'Biljett till linbanan', 'Inträde till museet', 'Kaffe och något att äta på vägen'],
      whatToBring: ['Pass eller nationellt id-kort', 'Pengar till lunch (NOK eller kort)', 'Kläder i lager för skiftande väder'],
      meetingPoint: BUS.sv,
      season: ALL_YEAR.sv,
    },
    de: {
      title: 'Narvikfjord und Stadtbesichtigung in Narvik',
      shortDescription: 'Ein ganzer Tag über die Berge nach Norwegen: der Ofotfjord, Narviks Kriegsgeschichte und der Blick von der Seilbahn auf den Narvikfjellet.',
      description:
        'Eine der schönsten Straßen des Nordens führt uns von Kiruna über die Grenzberge hinunter ans Meer. In Narvik öffnet sich unter uns der Ofotfjord, eingerahmt von steilen Gipfeln; wir fahren mit der Seilbahn auf den Narvikfjellet, spazieren durch den Hafen und besuchen das Narvik-Kriegsmuseum, das von den Kämpfen 1940 erzählt.\n\nEs bleibt Zeit für ein Mittagessen am Wasser (nicht inbegriffen, Ihr Guide hat gute Tipps), bevor wir am Torneträsk entlang nach Hause fahren. Nehmen Sie Ihren Reisepass mit: Norwegen liegt außerhalb der EU-Zollunion.',
      imageAlt: 'Ein tiefblauer Fjord zwischen steilen, schneebedeckten Bergen mit einer kleinen Hafenstadt',
      highlights: ['Der Ofotfjord von der Narvikfjellet-Seilbahn', 'Das Narvik-Kriegsmuseum', 'Die Bergstraße am Torneträsk'],
      included: ['Fahrt im bequemen Minibus', 'Seilbahnticket', 'Museumseintritt', 'Kaffee und ein Snack unterwegs'],
      whatToBring: ['Reisepass oder Personalausweis', 'Geld für das Mittagessen (NOK oder Karte)', 'Kleidung in Schichten für wechselhaftes Wetter'],
      meetingPoint: BUS.de,
      season: ALL_YEAR.de,
    },
  },
  'tour-to-narvik-from-abisko': {
    sv: {
      title: 'Tur till Narvik från Abisko',
      shortDescription: 'Från Abisko till norska kusten på nittio minuter: fjordar, fjäll och Narviks hamn, med stopp där utsikten kräver det.',
      description:
        'Abisko ligger så nära Norge att havet är mindre än två timmar bort. Vi följer E10 över Riksgränsen, där fjällen plötsligt stupar mot Atlanten, och stannar vid Rombaksbotn och de gamla järnvägsutsikterna ovanför fjorden.\n\nI Narvik har du fri tid för hamnen, museet eller linbanan (biljetter ingår) innan vi återvänder till Abisko sent på eftermiddagen. På vintern hålls vägen öppen och ljuset över fjorden är oförglömligt.',
      imageAlt: 'En fjällväg slingrar sig ner mot en fjord under en klar himmel',
      highlights: ['Riksgränsen och gränsfjällen', 'Utsiktsplatser över Rombaksfjorden', 'Fri tid i Narvik'],
      included: ['Resa från Abisko', 'Biljett till linbanan', 'Kaffe och något att äta'],
      whatToBring: ['Pass eller nationellt id-kort', 'Kläder i lager för skiftande väder'],
      meetingPoint: ABISKO.sv,
      season: ALL_YEAR.sv,
    },
    de: {
      title: 'Ausflug nach Narvik ab Abisko',
      shortDescription: 'Von Abisko an die norwegische Küste in neunzig Minuten: Fjorde, Berge und Narviks Hafen, mit Halt, wo immer die Aussicht es verlangt.',
      description:
        'Abisko liegt so nah an Norwegen, dass das Meer weniger als zwei Stunden entfernt ist. Wir folgen der E10 über Riksgränsen, wo die Berge plötzlich zum Atlantik abfallen, und halten in Rombaksbotn und an den alten Eisenbahn-Aussichtspunkten über dem Fjord.\n\nIn Narvik haben Sie freie Zeit für den Hafen, das Museum oder die Seilbahn (Tickets inbegriffen), bevor wir am späten Nachmittag nach Abisko zurückkehren. Im Winter wird die Straße offen gehalten, und das Licht über dem Fjord ist unvergesslich.',
      imageAlt: 'Eine Bergstraße windet sich unter klarem Himmel hinunter zu einem Fjord',
      highlights: ['Riksgränsen und die Grenzberge', 'Aussichtspunkte über dem Rombaksfjord', 'Freie Zeit in Narvik'],
      included: ['Fahrt ab Abisko', 'Seilbahnticket', 'Kaffee und ein Snack'],
      whatToBring: ['Reisepass oder Personalausweis', 'Kleidung in Schichten für wechselhaftes Wetter'],
      meetingPoint: ABISKO.de,
      season: ALL_YEAR.de,
    },
  },
  'morning-hike-in-abisko-national-park': {
    sv: {
      title: 'Morgonvandring i Abisko nationalpark',
      shortDescription: 'En guidad morgonpromenad genom Abiskojåkkas kanjon till stranden av Torneträsk, med frukost i det fria.',
      description:
        'Abisko nationalpark är en av Europas äldsta och en av de lättaste att tycka om. Vi går en lätt slinga på 8 km från Turiststationen längs Abiskojåkkas kanjon, där turkost vatten har skurit sig genom berget, och vidare till stranden av Torneträsk med Lapportens U-formade dal vid horisonten.\n\nPå vägen visar guiden fjällväxter, fåglar och fjällens geologi. Frukosten serveras vid sjön: kaffe, gröt med lingon och smörgåsar. I juni och början av juli gör midnattssolen att morgonljuset varar hela dagen.',
      imageAlt: 'En vandringsled vid en turkos älvkanjon med Lapporten i fjärran',
      highlights: ['Abiskojåkkas kanjon', 'Utsikt mot Lapporten över Torneträsk', 'Frukost vid sjön'],
      included: ['Guide', 'Frukost i det fria', 'Vandringsstavar på begäran'],
      whatToBring: ['Vandringsskor', 'En regnjacka', 'Myggmedel i juli'],
      meetingPoint: ABISKO.sv,
      season: 'Juni till september, förmiddagar',
    },
    de: {
      title: 'Morgenwanderung im Abisko-Nationalpark',
      shortDescription: 'Eine geführte Morgenwanderung durch die Schlucht des Abiskojåkka zum Ufer des Torneträsk, mit Frühstück im Freien.',
      description:
        'Der Abisko-Nationalpark ist einer der ältesten Europas und einer, den man am leichtesten ins Herz schließt. Wir gehen eine leichte 8-km-Runde von der Turiststation entlang der Abiskojåkka-Schlucht, wo sich türkisfarbenes Wasser durch den Fels geschnitten hat, und weiter zum Ufer des Torneträsk mit dem U-förmigen Tal Lapporten am Horizont.\n\nUnterwegs zeigt Ihr Guide arktische Blumen, Vögel und die Geologie der Berge. Das Frühstück gibt es am See: Kaffee, Haferbrei mit Preiselbeeren und belegte Brote. Im Juni und Anfang Juli sorgt die Mitternachtssonne dafür, dass das Morgenlicht den ganzen Tag anhält.',
      imageAlt: 'Ein Wanderweg an einer türkisfarbenen Flussschlucht, in der Ferne das Tal Lapporten',
      highlights: ['Die Abiskojåkka-Schlucht', 'Blick auf Lapporten über den Torneträsk', 'Frühstück am See'],
      included: ['Guide', 'Frühstück im Freien', 'Wanderstöcke auf Wunsch'],
      whatToBring: ['Wanderschuhe', 'Eine Regenjacke', 'Mückenschutz im Juli'],
      meetingPoint: ABISKO.de,
      season: 'Juni bis September, vormittags',
    },
  },
  'abisko-northern-lights-photo-tour': {
    sv: {
      title: 'Norrskensfototur i Abisko',
      shortDescription: 'Fotografera norrskenet i det berömda <i>blå hålet</i> över Torneträsk, med en professionell fotograf vid din sida.',
      description:
        'Abisko ligger i regnskugga: fjällen runt sjön håller ofta en bit himmel klar när resten av Lappland ligger under moln. Därför kommer fotografer från hela världen hit, och därför har den här turen några av de bästa chanserna att se norrsken överhuvudtaget.\n\nVår fotografguide tar dig till sjöstranden och till utsiktsplatser med Lapporten i bilden, och hjälper dig med manuella inställningar, skärpa i mörker och komposition. Stativ och kameror finns att låna. Du får också guidens egna bilder från kvällen.',
      imageAlt: 'Grönt och violett norrsken speglas i det öppna vattnet i en fjällsjö',
      highlights: ['Abiskos klara ”blå hål”', 'Fotohandledning på plats', 'Lapporten i dina bilder'],
      included: ['Professionell fotografguide', 'Lån av stativ, och kamera på begäran', 'Varma overaller och kängor', 'Varm dryck och tilltugg', 'Guidens bilder från kvällen'],
      whatToBring: WARM.sv,
      meetingPoint: ABISKO.sv,
      season: AURORA_EVENINGS.sv,
    },
    de: {
      title: 'Nordlicht-Fototour in Abisko',
      shortDescription: 'Fotografieren Sie das Nordlicht im berühmten <i>blauen Loch</i> über dem Torneträsk, mit einem professionellen Fotografen an Ihrer Seite.',
      description:
        'Abisko liegt im Regenschatten: Die Berge um den See halten oft ein Stück Himmel klar, wenn der Rest Lapplands wolkenverhangen ist. Deshalb kommen Fotografen aus aller Welt hierher, und deshalb hat diese Tour einige der besten Chancen überhaupt, Nordlichter zu sehen.\n\nUnser Fotografen-Guide bringt Sie ans Seeufer und zu Aussichtspunkten mit Lapporten im Bild und hilft bei manuellen Einstellungen, Fokus bei Nacht und Bildaufbau. Stative und Leihkameras stehen bereit. Sie erhalten außerdem die eigenen Fotos des Guides von diesem Abend.',
      imageAlt: 'Grünes und violettes Nordlicht spiegelt sich im offenen Wasser eines Bergsees',
      highlights: ['Das klare „blaue Loch“ von Abisko', 'Fotocoaching direkt vor Ort', 'Lapporten auf Ihren Bildern'],
      included: ['Professioneller Fotografen-Guide', 'Leihstativ, Leihkamera auf Wunsch', 'Warme Overalls und Stiefel', 'Heiße Getränke und Snacks', 'Die Fotos des Guides von diesem Abend'],
      whatToBring: WARM.de,
      meetingPoint: ABISKO.de,
      season: AURORA_EVENINGS.de,
    },
  },
  'aurora-night-at-a-mountain-cabin-abisko': {
    sv: {
      title: 'Norrskensnatt i en fjällstuga i Abisko',
      shortDescription: 'Gå på snöskor upp till en mysig fjällstuga ovanför trädgränsen, ät en varm middag och vänta på norrskenet långt från alla ljus.',
      description:
        'Lämna byn bakom dig och gå en timme med pannlampa och snöskor till en timmerstuga ovanför björkskogen. Inne är vedspisen tänd och middagen är en mustig fjällröding eller en grönsaksgryta med nybakat bröd.\n\nFrån stugans altan är utsikten fri åt alla håll, så norrskenet kan betraktas från en renfäll med en mugg något varmt. Guiden håller ett öga på himlen och ropar ut alla när det börjar dansa.',
      imageAlt: 'En upplyst fjällstuga i djup snö under en himmel full av grönt norrsken',
      highlights: ['Ovanför trädgränsen, långt från ljus', 'Middag vid vedspisen', 'Snöskovandring i pannlampans sken'],
      included: ['Snöskor, stavar och pannlampa', 'Vinteroverall och kängor', 'Middag i två rätter och varm dryck'],
      whatToBring: WARM.sv,
      meetingPoint: ABISKO.sv,
      season: DEEP_WINTER_EVENINGS.sv,
    },
    de: {
      title: 'Nordlichtnacht in einer Berghütte in Abisko',
      shortDescription: 'Steigen Sie auf Schneeschuhen zu einer gemütlichen Berghütte oberhalb der Baumgrenze, genießen Sie ein warmes Abendessen und warten Sie fern von jedem Licht auf das Nordlicht.',
      description:
        'Lassen Sie das Dorf hinter sich und gehen Sie eine Stunde mit Stirnlampe und Schneeschuhen zu einer Holzhütte oberhalb des Birkenwalds. Drinnen brennt der Holzofen, und zum Abendessen gibt es einen kräftigen Seesaibling oder einen Gemüseeintopf mit frisch gebackenem Brot.\n\nVon der Terrasse der Hütte ist die Sicht in alle Richtungen frei, sodass man das Nordlicht von einem Rentierfell aus mit einem Becher Heißem beobachten kann. Ihr Guide behält den Himmel im Auge und ruft alle hinaus, wenn es zu tanzen beginnt.',
      imageAlt: 'Eine beleuchtete Berghütte in tiefem Schnee unter einem Himmel voller grüner Nordlichter',
      highlights: ['Oberhalb der Baumgrenze, fern von Licht', 'Abendessen am Holzofen', 'Schneeschuhwanderung mit Stirnlampe'],
      included: ['Schneeschuhe, Stöcke und Stirnlampe', 'Winteroverall und Stiefel', 'Zwei-Gänge-Menü und heiße Getränke'],
      whatToBring: WARM.de,
      meetingPoint: ABISKO.de,
      season: DEEP_WINTER_EVENINGS.de,
    },
  },
  'ice-fishing-on-the-torne-river': {
    sv: {
      title: 'Isfiske på Torne älv',
      shortDescription: 'Borra ditt eget hål genom en halvmeter is, fiska röding och harr, och grilla fångsten över elden.',
      description:
        'Isfiske är den mest avslappnade arktiska sporten som finns. Vi kör till en lugn krök av Torne älv där isen är tjock och säker, borrar hål med ett traditionellt handdrivet isborr och sänker korta spön med små pilkar ner i det mörka vattnet.\n\nMedan vi väntar på napp tänder guiden en eld på isen och berättar hur folket i Tornedalen har fiskat här i generationer. Det vi fångar grillas på plats; korv och varm dryck ser till att ingen går hungrig.',
      imageAlt: 'En fiskare sitter vid ett hål i älvisen med en eld som brinner intill',
      highlights: ['Borra ditt eget hål i isen', 'Fiska röding och harr', 'Laga fångsten över elden'],
      included: ['Fiskeutrustning och bete', 'Vinteroverall och kängor', 'Lägereldslunch och varm dryck', 'Upphämtning i Kiruna'],
      whatToBring: WARM.sv,
      meetingPoint: BUS.sv,
      season: WINTER_DAYS.sv,
    },
    de: {
      title: 'Eisangeln auf dem Torne-Fluss',
      shortDescription: 'Bohren Sie Ihr eigenes Loch durch einen halben Meter Eis, angeln Sie Saibling und Äsche und grillen Sie den Fang über dem Feuer.',
      description:
        'Eisangeln ist der entspannteste arktische Sport, den es gibt. Wir fahren zu einer ruhigen Biegung des Torne-Flusses, wo das Eis dick und sicher ist, bohren Löcher mit einem traditionellen Handbohrer und lassen kurze Ruten mit kleinen Ködern ins dunkle Wasser hinab.\n\nWährend wir auf einen Biss warten, macht der Guide ein Feuer auf dem Eis und erzählt, wie die Menschen im Tornetal hier seit Generationen fischen. Was wir fangen, wird gleich gegrillt; Würstchen und heiße Getränke sorgen dafür, dass niemand hungrig bleibt.',
      imageAlt: 'Ein Angler sitzt an einem Loch im Flusseis, daneben brennt ein Feuer',
      highlights: ['Ihr eigenes Loch ins Eis bohren', 'Saibling und Äsche angeln', 'Den Fang über dem Feuer zubereiten'],
      included: ['Angelausrüstung und Köder', 'Winteroverall und Stiefel', 'Lagerfeuer-Mittagessen und heiße Getränke', 'Abholung in Kiruna'],
      whatToBring: WARM.de,
      meetingPoint: BUS.de,
      season: WINTER_DAYS.de,
    },
  },
  'ice-fishing-and-campfire-lunch-abisko': {
    sv: {
      title: 'Isfiske och lägereldslunch på Torneträsk',
      shortDescription: 'Fiska genom isen på den stora fjällsjön nedanför Lapporten och dela sedan en grillunch på stranden.',
      description:
        'Torneträsk fryser till upp till en meter tjock is, och dess klara vatten rymmer röding, öring och sik. Vi går ut från Abiskostranden på snöskor, borrar hål och fiskar med fjällen runt omkring oss.\n\nLunchen grillas på stranden: röding om sjön är generös, renkorv och grönsaker om den inte är det, med kokkaffe från elden.',
      imageAlt: 'Människor fiskar genom isen på en vid frusen sjö nedanför ett fjällpass',
      highlights: ['Fiske på Torneträsk', 'Utsikt mot Lapporten', 'Grillunch på stranden'],
      included: ['Fiskeutrustning', 'Snöskor', 'Vinteroverall och kängor', 'Grillunch och varm dryck'],
      whatToBring: WARM.sv,
      meetingPoint: ABISKO.sv,
      season: LATE_WINTER_DAYS.sv,
    },
    de: {
      title: 'Eisangeln und Lagerfeuer-Mittagessen am Torneträsk',
      shortDescription: 'Angeln Sie durch das Eis des großen Bergsees unterhalb von Lapporten und genießen Sie danach ein Grillmittagessen am Ufer.',
      description:
        'Der Torneträsk friert bis zu einem Meter dick zu, und sein klares Wasser birgt Saibling, Forelle und Maräne. Wir gehen auf Schneeschuhen vom Ufer in Abisko hinaus, bohren Löcher und angeln mit den Bergen rundherum.\n\nMittags wird am Ufer gegrillt: Saibling, wenn der See großzügig ist, Rentierwürstchen und Gemüse, wenn nicht, dazu Kaffee, auf dem Feuer gekocht.',
      imageAlt: 'Menschen angeln durch das Eis eines weiten zugefrorenen Sees unterhalb eines Bergpasses',
      highlights: ['Angeln auf dem Torneträsk', 'Blick auf Lapporten', 'Grillen am Ufer'],
      included: ['Angelausrüstung', 'Schneeschuhe', 'Winteroverall und Stiefel', 'Grillmittagessen und heiße Getränke'],
      whatToBring: WARM.de,
      meetingPoint: ABISKO.de,
      season: LATE_WINTER_DAYS.de,
    },
  },
  'ice-climbing-for-beginners-abisko': {
    sv: {
      title: 'Isklättring för nybörjare i Abisko',
      shortDescription: 'Klättra i ett fruset vattenfall i Abiskokanjonen med en certifierad bergsguide. Ingen erfarenhet behövs, bara nyfikenhet.',
      description:
        'Varje vinter fryser vattenfallen i Abiskojåkkas kanjon till blå ispelare. Med stegjärn, två isyxor och rep uppifrån kan nybörjare klättra säkert under ögonen på en certifierad bergsguide.\n\nVi börjar med teknik på en kort, lätt sluttning och går vidare till längre leder när självförtroendet växer. Räkna med att klättra tre till fem leder, med varm dryck och en smörgås emellan.',
      imageAlt: 'En klättrare med isyxor på ett blått, fruset vattenfall',
      highlights: ['Frusna vattenfall i Abiskokanjonen', 'Certifierad bergsguide', 'Topprepssäkring för nybörjare'],
      included: ['Hjälm, sele, stegjärn, isyxor och kängor', 'Certifierad guide (högst 4 klättrare per guide)', 'Lunch och varm dryck'],
      whatToBring: [...WARM.sv, 'Tunna handskar att klättra i'],
      meetingPoint: ABISKO.sv,
      season: LATE_WINTER_DAYS.sv,
    },
    de: {
      title: 'Eisklettern für Anfänger in Abisko',
      shortDescription: 'Klettern Sie mit einem zertifizierten Bergführer an einem gefrorenen Wasserfall in der Abisko-Schlucht. Keine Erfahrung nötig, nur Neugier.',
      description:
        'Jeden Winter gefrieren die Wasserfälle der Abiskojåkka-Schlucht zu blauen Eissäulen. Mit Steigeisen, zwei Eisgeräten und einem Seil von oben können Anfänger sie unter den Augen eines zertifizierten Bergführers sicher erklettern.\n\nWir beginnen mit der Technik an einem kurzen, leichten Hang und wagen uns an längere Routen, wenn das Vertrauen wächst. Rechnen Sie mit drei bis fünf Routen, dazwischen heiße Getränke und ein belegtes Brot.',
      imageAlt: 'Ein Kletterer mit Eisgeräten an einem blauen, gefrorenen Wasserfall',
      highlights: ['Gefrorene Wasserfälle der Abisko-Schlucht', 'Zertifizierter Bergführer', 'Toprope-Sicherung für Anfänger'],
      included: ['Helm, Gurt, Steigeisen, Eisgeräte und Stiefel', 'Zertifizierter Guide (höchstens 4 Kletterer pro Guide)', 'Mittagessen und heiße Getränke'],
      whatToBring: [...WARM.de, 'Dünne Handschuhe zum Klettern'],
      meetingPoint: ABISKO.de,
      season: LATE_WINTER_DAYS.de,
    },
  },
  'sami-culture-evening-in-kiruna': {
    sv: {
      title: 'Samisk kulturkväll med jojk och renar',
      shortDescription: 'En kväll hos en samisk familj: renarna, lavvun, traditionell mat och jojkens levande sång.',
      description:
        'Samerna är Nordens urfolk, och renskötseln är fortfarande kärnan i många familjers liv. Kvällen leds av en renskötarfamilj nära Kiruna: du träffar renarna i deras vinterhage och sätter dig sedan vid elden i lavvun för en middag med bidos, den traditionella rengrytan, eller en vegetarisk variant.\n\nVärdarna berättar om renåret, de samiska språken och slöjden duodji, och delar en jojk, den samiska sången som skildrar en person, ett djur eller en plats.',
      imageAlt: 'En samisk lavvu lyser av elden inne, med renar i snön intill',
      highlights: ['Värdar från en samisk renskötarfamilj', 'Traditionell middag i en lavvu', 'Jojk på plats'],
      included: ['Upphämtning och återresa', 'Middag och varm dryck', 'Vinteroverall på begäran'],
      whatToBring: WARM.sv,
      meetingPoint: BUS.sv,
      season: 'Året runt, kvällar',
    },
    de: {
      title: 'Samischer Kulturabend mit Joik und Rentieren',
      shortDescription: 'Ein Abend bei einer samischen Familie: die Rentiere, das Lavvu, traditionelles Essen und der lebendige Gesang des Joik.',
      description:
        'Die Samen sind das indigene Volk des Nordens, und die Rentierzucht steht für viele Familien noch immer im Mittelpunkt ihres Lebens. Gastgeber dieses Abends ist eine Rentierhirtenfamilie nahe Kiruna: Sie treffen die Rentiere in ihrem Wintergehege und setzen sich dann im Lavvu ans Feuer zu einem Abendessen mit Bidos, dem traditionellen Rentiereintopf, oder einer vegetarischen Variante.\n\nIhre Gastgeber erzählen vom Jahr der Herde, von den samischen Sprachen und dem Kunsthandwerk Duodji und teilen einen Joik, den samischen Gesang, der einen Menschen, ein Tier oder einen Ort beschreibt.',
      imageAlt: 'Ein samisches Lavvu leuchtet vom Feuer im Inneren, daneben Rentiere im Schnee',
      highlights: ['Zu Gast bei einer samischen Rentierhirtenfamilie', 'Traditionelles Abendessen im Lavvu', 'Joik live'],
      included: ['Abholung und Rückfahrt', 'Abendessen und heiße Getränke', 'Winteroverall auf Wunsch'],
      whatToBring: WARM.de,
      meetingPoint: BUS.de,
      season: 'Ganzjährig, abends',
    },
  },
  'dog-sledding-under-the-northern-lights': {
    sv: {
      title: 'Hundspann under norrskenet',
      shortDescription: 'Åk genom den mörka skogen bakom ett huskyspann med bara stjärnorna, snön och kanske norrskenet som lyser upp vägen.',
      description:
        'Efter mörkrets inbrott tystnar kenneln och lederna tillhör hundarna. På den här kvällsturen sitter du i släden, inbäddad i renfällar, medan en erfaren musher kör spannet längs den frusna älven och genom skogen. Det enda som hörs är hundarnas tassar och medarna mot snön.\n\nVi stannar i en öppen glänta för att spana efter norrsken och värmer oss vid en eld med varm dryck och en lätt kvällsmat.',
      imageAlt: 'Ett huskyspann och en släde på en snöig slätt under grönt norrsken',
      highlights: ['Hundspann i natten', 'Norrskensspaning från en glänta', 'Kvällsmat vid elden'],
      included: ['Upphämtning och återresa', 'Vinteroverall, kängor och tumvantar', 'Erfaren musher', 'Lätt kvällsmat och varm dryck'],
      whatToBring: WARM.sv,
      meetingPoint: FERRUM.sv,
      season: DEEP_WINTER_EVENINGS.sv,
    },
    de: {
      title: 'Hundeschlittenfahrt unter dem Nordlicht',
      shortDescription: 'Fahren Sie hinter einem Huskygespann durch den dunklen Wald, nur die Sterne, der Schnee und vielleicht das Nordlicht weisen den Weg.',
      description:
        'Nach Einbruch der Dunkelheit wird es still im Zwinger, und die Wege gehören den Hunden. Auf dieser Abendtour sitzen Sie, in Rentierfelle gehüllt, im Schlitten, während ein erfahrener Musher das Gespann über den gefrorenen Fluss und durch den Wald lenkt. Zu hören sind nur die Pfoten der Hunde und die Kufen im Schnee.\n\nWir halten auf einer offenen Lichtung, um nach dem Nordlicht Ausschau zu halten, und wärmen uns an einem Feuer mit heißen Getränken und einem leichten Abendessen.',
      imageAlt: 'Ein Huskygespann mit Schlitten auf einer verschneiten Ebene unter grünem Nordlicht',
      highlights: ['Huskyfahrt bei Nacht', 'Nordlichtbeobachtung auf einer Lichtung', 'Abendessen am Feuer'],
      included: ['Abholung und Rückfahrt', 'Winteroverall, Stiefel und Fäustlinge', 'Erfahrener Musher', 'Leichtes Abendessen und heiße Getränke'],
      whatToBring: WARM.de,
      meetingPoint: FERRUM.de,
      season: DEEP_WINTER_EVENINGS.de,
    },
  },
  'snowmobile-northern-lights-safari': {
    sv: {
      title: 'Norrskenssafari med snöskoter',
      shortDescription: 'Kör snöskoter ut i natten, bort från Kirunas ljus, till ett öppet fjäll där himlen är vid och mörk.',
      description:
        'Det snabbaste sättet att hitta en mörk himmel. Vi ger oss av i skymningen på snöskotrar, strålkastarna skär genom skogen, och klättrar upp till ett öppet fjäll tjugo kilometer från stan. Där stänger vi av motorerna, tänder en eld och tittar på himlen.\n\nOm norrskenet visar sig ser du det från horisont till horisont. Färden tillbaka genom den sovande skogen är ett äventyr i sig.',
      imageAlt: 'Snöskoterstrålkastare på en höjd under en himmel upplyst av norrsken',
      highlights: ['Skoterkörning i mörkret', 'Öppet fjäll med himmel runt om', 'Lägereld och varm dryck'],
      included: ['Snöskoter (en per två gäster), bränsle och försäkring', 'Hjälm, overall, kängor och tumvantar', 'Varm dryck och tilltugg', 'Upphämtning i Kiruna'],
      whatToBring: ['Giltigt körkort för förare', ...WARM.sv],
      meetingPoint: BUS.sv,
      season: DEEP_WINTER_EVENINGS.sv,
    },
    de: {
      title: 'Nordlicht-Safari mit dem Schneemobil',
      shortDescription: 'Fahren Sie mit dem Schneemobil in die Nacht, weg von den Lichtern Kirunas, auf ein offenes Fjell, wo der Himmel weit und dunkel ist.',
      description:
        'Der schnellste Weg zu einem dunklen Himmel. Wir brechen in der Dämmerung auf Schneemobilen auf, die Scheinwerfer schneiden durch den Wald, und fahren hinauf auf ein offenes Fjell zwanzig Kilometer vor der Stadt. Dort stellen wir die Motoren ab, machen ein Feuer und beobachten den Himmel.\n\nWenn sich das Nordlicht zeigt, sehen Sie es von Horizont zu Horizont. Die Rückfahrt durch den schlafenden Wald ist ein Abenteuer für sich.',
      imageAlt: 'Scheinwerfer von Schneemobilen auf einer Anhöhe unter einem von Nordlicht erhellten Himmel',
      highlights: ['Schneemobilfahren nach Einbruch der Dunkelheit', 'Offenes Fjell mit Rundumblick in den Himmel', 'Lagerfeuer und heiße Getränke'],
      included: ['Schneemobil (eines für zwei Gäste), Treibstoff und Versicherung', 'Helm, Overall, Stiefel und Fäustlinge', 'Heiße Getränke und ein Snack', 'Abholung in Kiruna'],
      whatToBring: ['Einen gültigen Führerschein für Fahrer', ...WARM.de],
      meetingPoint: BUS.de,
      season: DEEP_WINTER_EVENINGS.de,
    },
  },
  'husky-puppies-and-mini-sled-ride-for-families': {
    sv: {
      title: 'Huskyvalpar och minisläde för familjer',
      shortDescription: 'Träffa huskyhundarna och deras valpar, hjälp till med matningen och åk en kort slädtur som även små barn älskar.',
      description:
        'Ett kortare kennelbesök gjort för familjer. Musharna visar hur hundarna lever och tränar, barnen hjälper till att göra i ordning maten och alla får gosa med valparna. Sedan åker varje familj släde, körd av en musher, på en kort slinga genom skogen.\n\nVi avslutar med varm saft och en våffla i kennelns varma stuga.',
      imageAlt: 'Huskyvalpar leker i snön bredvid en kennelstuga av trä',
      highlights: ['Valpar att gosa med', 'En kort slädtur för alla åldrar', 'Våfflor i en varm stuga'],
      included: ['Upphämtning och återresa', 'Overaller och kängor i alla storlekar', 'Slädtur med musher', 'Våfflor och varm saft'],
      whatToBring: WARM.sv,
      meetingPoint: BUS.sv,
      season: WINTER_AFTERNOONS.sv,
    },
    de: {
      title: 'Huskywelpen und Mini-Schlittenfahrt für Familien',
      shortDescription: 'Lernen Sie die Huskys und ihre Welpen kennen, helfen Sie beim Füttern und machen Sie eine kurze Schlittenfahrt, die auch kleine Kinder lieben.',
      description:
        'Ein kürzerer Besuch im Zwinger, gemacht für Familien. Die Musher zeigen, wie die Hunde leben und trainieren, die Kinder helfen beim Zubereiten des Futters, und alle dürfen mit den Welpen kuscheln. Dann fährt jede Familie, gelenkt von einem Musher, eine kurze Runde mit dem Schlitten durch den Wald.\n\nZum Abschluss gibt es heißen Saft und eine Waffel in der warmen Hütte des Zwingers.',
      imageAlt: 'Huskywelpen spielen im Schnee neben einer hölzernen Zwingerhütte',
      highlights: ['Welpen zum Kuscheln', 'Eine kurze Schlittenfahrt für alle Altersgruppen', 'Waffeln in einer warmen Hütte'],
      included: ['Abholung und Rückfahrt', 'Overalls und Stiefel in allen Größen', 'Schlittenfahrt mit Musher', 'Waffeln und heißer Saft'],
      whatToBring: WARM.de,
      meetingPoint: BUS.de,
      season: WINTER_AFTERNOONS.de,
    },
  },
  'icehotel-and-jukkasjarvi-visit': {
    sv: {
      title: 'Besök på Icehotel och i Jukkasjärvi',
      shortDescription: 'Se det berömda Icehotels konstsviter, skurna ur is från Torne älv, och den gamla kyrkbyn Jukkasjärvi.',
      description:
        'Varje vinter skulpterar konstnärer från hela världen Icehotel på nytt ur isblock från Torne älv. Vi besöker konstsviterna, isbaren och ceremonihallen med en kunnig guide, och går sedan genom Jukkasjärvi med dess träkyrka från 1600-talet och hembygdsgården.\n\nEn varm lunch på byns restaurang ingår innan vi återvänder till Kiruna.',
      imageAlt: 'En blått lysande hall skuren ur is med isskulpturer och pelare',
      highlights: ['Guidad tur på Icehotel', 'Den gamla kyrkan i Jukkasjärvi', 'Lunch i byn'],
      included: ['Resa', 'Inträde och guidning på Icehotel', 'Lunch'],
      whatToBring: WARM.sv,
      meetingPoint: BUS.sv,
      season: WINTER_DAYS.sv,
    },
    de: {
      title: 'Besuch im Icehotel und in Jukkasjärvi',
      shortDescription: 'Sehen Sie die Kunstsuiten des berühmten Icehotels, geschnitzt aus dem Eis des Torne-Flusses, und das alte Kirchdorf Jukkasjärvi.',
      description:
        'Jeden Winter schnitzen Künstler aus aller Welt das Icehotel neu aus Eisblöcken des Torne-Flusses. Wir besuchen mit einem kundigen Guide die Kunstsuiten, die Eisbar und die Zeremonienhalle und gehen dann durch Jukkasjärvi mit seiner Holzkirche aus dem 17. Jahrhundert und dem Heimatmuseum.\n\nEin warmes Mittagessen im Dorfrestaurant ist inbegriffen, bevor wir nach Kiruna zurückkehren.',
      imageAlt: 'Eine blau leuchtende Halle aus Eis mit Eisskulpturen und Säulen',
      highlights: ['Führung durch das Icehotel', 'Die alte Kirche von Jukkasjärvi', 'Mittagessen im Dorf'],
      included: ['Transport', 'Eintritt und Führung im Icehotel', 'Mittagessen'],
      whatToBring: WARM.de,
      meetingPoint: BUS.de,
      season: WINTER_DAYS.de,
    },
  },
  'midnight-sun-hike-to-lapporten-viewpoint': {
    sv: {
      title: 'Midnattssolsvandring ovanför Abisko',
      shortDescription: 'Vandra upp på Njullá på natten när solen cirklar längs horisonten utan att gå ner, för utsikten över Lapporten och sjön.',
      description:
        'Från början av juni till mitten av juli går solen aldrig ner i Abisko. På den här kvällsvandringen går vi leden upp på Njullá, genom björkskog och ut på kalfjället, och når toppen runt midnatt när ljuset blir gyllene över Torneträsk och Lapportens dal.\n\nVi delar varm soppa och en midnattsfika på toppen och går sedan ner i den stilla, ljusa natten. En jämn men brant vandring: bra skor och normal kondition behövs.',
      imageAlt: 'Vandrare på en fjällrygg i gyllene midnattssol ovanför en lång sjö',
      highlights: ['Midnattssolen från en topp', 'Utsikt mot Lapporten', 'Soppa och fika vid midnatt'],
      included: ['Guide', 'Varm soppa och dryck', 'Vandringsstavar på begäran'],
      whatToBring: ['Vandringskängor', 'Vindtät jacka', 'Ett varmt lager för toppen'],
      meetingPoint: ABISKO.sv,
      season: 'Juni till mitten av juli, natt',
    },
    de: {
      title: 'Mitternachtssonnen-Wanderung oberhalb von Abisko',
      shortDescription: 'Wandern Sie nachts auf den Njullá, während die Sonne am Horizont kreist, ohne unterzugehen, mit Blick über Lapporten und den See.',
      description:
        'Von Anfang Juni bis Mitte Juli geht in Abisko die Sonne nie unter. Auf dieser Abendwanderung steigen wir den Weg auf den Njullá hinauf, durch Birkenwald ins offene Fjell, und erreichen den Gipfel gegen Mitternacht, wenn das Licht über dem Torneträsk und dem Tal Lapporten golden wird.\n\nAuf dem Gipfel gibt es heiße Suppe und eine Mitternachts-Fika, dann gehen wir in der stillen, hellen Nacht hinunter. Eine gleichmäßige, steile Wanderung: gute Schuhe und durchschnittliche Fitness sind nötig.',
      imageAlt: 'Wanderer auf einem Bergrücken im goldenen Licht der Mitternachtssonne über einem langen See',
      highlights: ['Die Mitternachtssonne vom Gipfel', 'Blick auf Lapporten', 'Suppe und Fika um Mitternacht'],
      included: ['Guide', 'Heiße Suppe und Getränke', 'Wanderstöcke auf Wunsch'],
      whatToBring: ['Wanderstiefel', 'Winddichte Jacke', 'Eine warme Schicht für den Gipfel'],
      meetingPoint: ABISKO.de,
      season: 'Juni bis Mitte Juli, nachts',
    },
  },
  'summer-moose-and-beaver-safari-kiruna': {
    sv: {
      title: 'Sommarsafari med älg och bäver på kvällen',
      shortDescription: 'En ljus sommarkväll vid älvarna nära Kiruna, på spaning efter älg, bäver och fåglar, med grillning vid vattnet.',
      description:
        'På sommaren är djuren som mest aktiva under de långa, gyllene kvällarna. Vi kör till ett älvdelta utanför Kiruna där älgar betar i grundvattnet och bävrar bygger sina hyddor, och väntar sedan tyst i ett gömsle med kikare.\n\nKvällen avslutas med enkel grillning vid älven: grillad korv, sallad och kaffe, under en sol som inte tänker gå ner.',
      imageAlt: 'En älg vadar i en lugn älv i solnedgången med skog på båda stränderna',
      highlights: ['Älg och bäver i deras sommarmiljö', 'Tyst gömsle vid ett älvdelta', 'Grillning vid vattnet'],
      included: ['Upphämtning och återresa', 'Kikare', 'Grillmiddag och dryck'],
      whatToBring: ['Myggmedel', 'Ett varmt lager för sena kvällen', 'Gummistövlar om du har'],
      meetingPoint: BUS.sv,
      season: 'Juni till augusti, kvällar',
    },
    de: {
      title: 'Sommerliche Elch- und Biber-Abendsafari',
      shortDescription: 'Ein heller Sommerabend an den Flüssen bei Kiruna, auf der Suche nach Elchen, Bibern und Vögeln, mit Grillen am Wasser.',
      description:
        'Im Sommer sind die Tiere in den langen, goldenen Abenden am aktivsten. Wir fahren zu einem Flussdelta vor Kiruna, wo Elche im flachen Wasser äsen und Biber ihre Burgen bauen, und warten dann mit Ferngläsern still in einem Versteck.\n\nDer Abend endet mit einem einfachen Grillen am Fluss: Würstchen vom Grill, Salat und Kaffee, unter einer Sonne, die nicht untergehen will.',
      imageAlt: 'Ein Elch watet bei Sonnenuntergang durch einen ruhigen Fluss, Wald an beiden Ufern',
      highlights: ['Elche und Biber in ihrem Sommerlebensraum', 'Stilles Versteck an einem Flussdelta', 'Grillen am Wasser'],
      included: ['Abholung und Rückfahrt', 'Fernglas', 'Grillabendessen und Getränke'],
      whatToBring: ['Mückenschutz', 'Eine warme Schicht für den späten Abend', 'Gummistiefel, falls vorhanden'],
      meetingPoint: BUS.de,
      season: 'Juni bis August, abends',
    },
  },
  'abisko-canyon-winter-snowshoe-walk': {
    sv: {
      title: 'Vintervandring på snöskor i Abiskokanjonen',
      shortDescription: 'Gå på snöskor genom den frusna Abiskokanjonen och nationalparkens björkskog, där älven fortfarande sjunger under isen.',
      description:
        'På vintern blir Abiskokanjonen ett galleri av is: frusna vattenfall, snökuddar på stenblocken och mörka höljor där älven fortfarande rinner. Vi går på snöskor längs kanjonen och genom nationalparkens tysta björkskog till stranden av Torneträsk.\n\nKlara dagar målar den låga solen fjällen rosa; i januari är ljuset blått och magiskt. Varm dryck och något att äta vid en eld på vägen.',
      imageAlt: 'En frusen älvkanjon med istappar och snötäckta stenblock i blått vinterljus',
      highlights: ['Den frusna Abiskokanjonen', 'Nationalparkens björkskog', 'Eld och varm dryck'],
      included: ['Snöskor och stavar', 'Vinterkängor och overall', 'Varm dryck och något att äta'],
      whatToBring: WARM.sv,
      meetingPoint: ABISKO.sv,
      season: WINTER_DAYS.sv,
    },
    de: {
      title: 'Winterliche Schneeschuhwanderung in der Abisko-Schlucht',
      shortDescription: 'Gehen Sie auf Schneeschuhen durch die gefrorene Abisko-Schlucht und den Birkenwald des Nationalparks, wo der Fluss unter dem Eis noch singt.',
      description:
        'Im Winter wird die Abisko-Schlucht zu einer Galerie aus Eis: gefrorene Wasserfälle, Schneekissen auf den Felsblöcken und dunkle Becken, in denen der Fluss noch fließt. Wir gehen auf Schneeschuhen die Schlucht entlang und durch den stillen Birkenwald des Nationalparks bis zum Ufer des Torneträsk.\n\nAn klaren Tagen färbt die tiefe Sonne die Berge rosa; im Januar ist das Licht blau und magisch. Unterwegs gibt es heiße Getränke und einen Snack am Feuer.',
      imageAlt: 'Eine gefrorene Flussschlucht mit Eiszapfen und verschneiten Felsblöcken in blauem Winterlicht',
      highlights: ['Die gefrorene Abisko-Schlucht', 'Der Birkenwald des Nationalparks', 'Feuer und heiße Getränke'],
      included: ['Schneeschuhe und Stöcke', 'Winterstiefel und Overall', 'Heiße Getränke und ein Snack'],
      whatToBring: WARM.de,
      meetingPoint: ABISKO.de,
      season: WINTER_DAYS.de,
    },
  },
};
