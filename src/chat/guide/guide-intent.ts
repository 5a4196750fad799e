import { words } from './guide-language';
import { readClock, readParty, readPartyMix, readWhen, type GuideSpan, type PartyMix } from './guide-when';
import { clock } from '../../common/clock';

/** What a guest's question asks for, read with plain rules, in English, Swedish or German. */
export interface GuideIntent {
  location?: 'Kiruna' | 'Abisko';
  categories: string[];
  /** A place some of our tours name (Narvik, the Icehotel, Lapporten, Nikkaluokta). */
  place?: string;
  maxPriceSek?: number;
  maxHours?: number;
  minHours?: number;
  timeOfDay?: 'morning' | 'day' | 'afternoon' | 'evening' | 'night';
  month?: number;
  /** The day asked about ("Friday", "tonight", "12 December"), for live seats. */
  span?: GuideSpan;
  /** How many guests ("for three"), and a time of day named ("the 19:00 one"). */
  party?: number;
  /** Who the party is, when it names children or babies ("2 adults and a child"). */
  mix?: PartyMix;
  clock?: string;
  family: boolean;
  /** The youngest child's age, where named ("my 5 year old", "en 7-åring", "två barn (6 och 9)"). */
  childAge?: number;
  cheapest: boolean;
  /** "A tour to the moon": a trip somewhere, which no activity or place of ours matched. */
  elsewhere?: string;
  topics: Set<Topic>;
}

export type Topic =
  | 'aurora-facts'
  | 'guarantee'
  | 'sky'
  | 'weather'
  | 'wear'
  | 'compare'
  | 'stays'
  | 'pickup'
  | 'travel'
  | 'included'
  | 'booking'
  | 'seats'
  | 'hold'
  | 'payment'
  | 'price'
  | 'cancel'
  | 'hours'
  | 'contact'
  | 'group-size'
  | 'access'
  | 'pets'
  | 'times'
  | 'diet'
  | 'minimum'
  | 'about'
  | 'duration'
  | 'refers'
  | 'licence'
  | 'greeting'
  | 'thanks'
  | 'injection'
  | 'private-data'
  | 'recommend';

/** Month names, January first, as guests write them (no abbreviations: "mar" and "jul" are words too). */
const MONTHS: RegExp[] = [
  words('january', 'januari', 'januar'),
  words('february', 'februari', 'februar'),
  words('march', 'mars', 'märz'),
  words('april'),
  words('may', 'maj', 'mai'),
  words('june', 'juni'),
  words('july', 'juli'),
  words('august', 'augusti'),
  words('september'),
  words('october', 'oktober'),
  words('november'),
  words('december', 'dezember'),
];

/** Words that name an activity, and the catalogue category each means. */
const ACTIVITIES: [RegExp, string][] = [
  [words('northern lights?', 'aurora*', 'borealis', 'norrsken*', 'nordlicht*', 'polarlicht*'), 'Northern Lights'],
  [words('dog ?sled*', 'husk(y|ies)', 'huskys', 'dogs?', 'mush*', 'hundspann*', 'hundsläd*', 'hundar', 'hundeschlitten*', 'schlittenhund*', 'hunde'), 'Dogsledding'],
  [words('snowmobil*', 'skidoo', 'snöskoter*', 'skoter*', 'schneemobil*', 'motorschlitten*'), 'Snowmobile'],
  [words('reindeer*', 'renar*', 'renen', 'ren', 'rensläd*', 'renskötsel', 'rentier*'), 'Reindeer'],
  [words('s[aá]mi*', 'joik*', 'lavvu', 'indigenous', 'samisk*', 'samer*', 'samen', 'samekultur*', 'ursprungsvolk'), 'Sami Culture'],
  [words('ice ?fish*', 'fishing', 'isfiske*', 'pimpl*', 'fiska', 'fiske', 'eisfisch*', 'eisangeln', 'angeln', 'fischen'), 'Ice Fishing'],
  [words('ice ?climb*', 'climb*', 'waterfall', 'isklättr*', 'klättr*', 'eisklett*', 'klettern', 'wasserfall'), 'Ice Climbing'],
  [words('moose', 'elk', 'wildlife', 'beavers?', 'animals?', 'älg*', 'bäver*', 'vilda djur', 'djur', 'elch*', 'biber', 'wildtier*', 'tiere'), 'Moose Spotting'],
  // snöskor, snöskovandring; not a snöskoter (a snowmobile).
  [words('snowshoe*', 'snösko(?!ter)*', 'schneeschuh*'), 'Snowshoe Hiking'],
  [words('bbq', 'barbecue', 'campfire dinner', 'grill*'), 'BBQ'],
  [words('road trip', 'by car', 'car chase', 'chase', 'bilresa', 'biltur*', 'med bil', 'norrskensjakt*', 'jakt*', 'autofahrt', 'mit dem auto', 'autotour*', 'nordlichtjagd*', 'jagd'), 'Car Tours'],
  [words('midnight sun', 'midnattssol*', 'mitternachtssonne'), 'Summer'],
];

/** Places only some of our tours go to: a guest who names one wants those tours, not their category. */
const PLACES: [RegExp, string][] = [
  [words('narvik*'), 'Narvik'],
  [words('ice ?hotel*', 'ishotell*', 'eishotel*', 'jukkasj[äa]rvi'), 'Icehotel'],
  [words('lapporten'), 'Lapporten'],
  [words('nikkaluokta'), 'Nikkaluokta'],
  [words('mountain cabin', 'fjällstuga', 'berghütte'), 'Cabin'],
];

/** A diet or an allergy, in a question or in the label of what a booking asks ("Dietary needs (allergies, vegetarian…)"). */
export const DIET = words(
  'vegetarian*', 'vegan*', 'gluten*', 'lactose*', 'dairy', 'allerg*', 'diet*', 'halal', 'kosher', 'coeliac', 'celiac',
  'vegetari*', 'glutenfri*', 'laktos*', 'specialkost', 'kost', 'ernährung', 'diät*', 'glutenfrei*', 'laktosefrei*', 'unverträglich*', 'zöliakie',
);

const TOPICS: [RegExp, Topic][] = [
  [
    /ignore (all |any |your |the |previous |prior )*(instructions|rules|prompt)|system ?prompt|jailbreak|pretend (you are|to be)|developer mode|disregard (your|the|all)|ignorera (alla |dina |tidigare )*(instruktioner|regler)|ignoriere (alle |deine |vorherigen )*(anweisungen|regeln)|vergiss (alle |deine )*(anweisungen|regeln)/,
    'injection',
  ],
  [words('password', 'admin', 'api key', 'secret', 'token', 'other (guests|customers)', 'customer list', 'booking of', 'email address of', 'phone number of', 'lösenord', 'andra gästers?', 'kundlista', 'passwort', 'anderer gäste', 'andere gäste', 'kundenliste'), 'private-data'],
  [
    words(
      'guarantee*', 'guaranty', 'promise*', 'sure to see', "if we (do not|don't|dont) see", 'no (northern lights|aurora)',
      'garanter*', 'garanti*', 'lovar ni', 'lova', 'om vi inte ser', 'inget norrsken',
      'versprech*', 'sicher sehen', 'keine? nordlicht*', 'wenn wir (keine?|nichts)',
    ),
    'guarantee',
  ],
  [
    words(
      'chances?', 'likely', 'probability', 'when (is|are) the (northern lights|aurora)', 'best (time|month|season)', 'aurora season', 'see the (northern lights|aurora)',
      'chans*', 'bästa (tid*|månad*|säsong*)', 'norrskenssäsong*', 'se norrsken*', 'när syns norrsken*',
      'chance*', 'wahrscheinlich*', 'beste (zeit|monat|reisezeit|jahreszeit)', 'nordlichtsaison', 'nordlichter sehen', 'nordlicht sehen', 'wann sieht man',
    ),
    'aurora-facts',
  ],
  [
    words(
      'forecast', 'aurora (forecast|outlook)', 'kp', 'kp index', 'clouds?', 'cloudy', 'clear (sky|skies)', 'chances? (tonight|tomorrow|this evening)', 'see (the )?(northern lights|aurora) (tonight|tomorrow)',
      'prognos*', 'norrskensprognos*', 'moln*', 'mulet', 'klar himmel', 'chans(en|erna)? (ikväll|i kväll|i natt|inatt|i morgon|imorgon)', 'blir det norrsken', 'syns norrskenet (ikväll|i kväll|i natt)',
      'vorhersage*', 'prognose*', 'nordlichtvorhersage*', 'wolke*', 'bewölk*', 'klarer himmel', 'chancen (heute|morgen)', 'sieht man (heute|morgen)',
    ),
    'sky',
  ],
  [words('cold', 'temperature*', 'weather', 'degrees', '°c', 'freez*', 'climate', 'kallt', 'kyla*', 'kall', 'temperatur*', 'väder*', 'vädret', 'grader', 'minusgrader', 'wetter', 'kalt', 'kälte', 'grad', 'klima'), 'weather'],
  // "What should I bring?" asks about gear; "can I bring my 5 year old?" does not.
  [words('wear', 'clothes', 'clothing', 'dress', 'pack*', 'bring(?! (my|our|a|an) )', 'boots', 'jacket', 'gear', 'kläder*', 'klä (mig|oss|sig|dig)', 'klär', 'ha på (mig|oss)', 'packa', 'ta med(?! (min|mitt|mina|vår|vårt|våra) )', 'utrustning', 'kleidung', 'anziehen', 'tragen', 'mitnehmen', 'einpacken', 'ausrüstung', 'jacke'), 'wear'],
  [
    words('vs\\.?', 'versus', 'compare', 'comparison', 'difference', 'or abisko', 'or kiruna', 'which (base|place|town)', 'eller abisko', 'eller kiruna', 'jämför*', 'skillnad*', 'oder abisko', 'oder kiruna', 'vergleich*', 'unterschied*'),
    'compare',
  ],
  [/better.*(kiruna|abisko)|(kiruna|abisko).*better|bättre.*(kiruna|abisko)|besser.*(kiruna|abisko)/, 'compare'],
  [
    words(
      'pick ?ups?', 'pick (you|us|me) up', 'collect (you|us|me)', 'transfers?', 'from (my|our|the) hotel', 'meeting point', 'where (do|shall|should) (we|i) meet', 'meet (you|up)',
      'hämta*', 'upphämtning*', 'från hotellet', 'mötesplats*', 'var (träffas|möts) (vi|man)', 'träffpunkt*',
      'abhol*', 'holt (ihr|sie) (uns|mich)', 'holen (sie|ihr) (uns|mich)', 'vom hotel', 'treffpunkt*', 'wo treffen (wir|sich)',
    ),
    'pickup',
  ],
  [
    words(
      'included', 'include[sd]?', "what'?s in the price", 'in the price',
      'ingår', 'ingå', 'inkluder*', 'i priset',
      'enthalten', 'inklusive', 'inbegriffen', 'im preis',
    ),
    'included',
  ],
  [
    words(
      'how (do|can|should) (i|we) get (to|there)', 'getting (to|there)', 'by train', 'trains?', 'flights?', 'fly to', 'travel to',
      'hur (tar|kommer) (jag|vi|man) (mig |oss |sig )?(till|dit)', 'med tåg', 'tåget', 'flyg(a|et)? till',
      'wie komm(e|en|t) (ich|wir|man) (nach|hin|dorthin)', 'anreise', 'mit dem zug', 'zug nach', 'flug nach', 'fliegen nach',
    ),
    'travel',
  ],
  [
    words('igloos?', 'guesthouses?', 'guest houses?', 'hotels?', 'stay', 'accommodation', 'sleep', 'nights? in', 'lodging', 'packages?', 'glasigloo*', 'igloo*', 'gästhus*', 'boende', 'övernatt*', 'hotell*', 'sova', 'iglu*', 'glasiglu*', 'gästehaus*', 'unterkunft', 'übernacht*', 'schlafen', 'paket*'),
    'stays',
  ],
  [words('book', 'booking', 'reserve', 'reservation', 'boka', 'bokar', 'bokning', 'buche', 'buchen', 'buchung', 'reservieren'), 'booking'],
  [
    words(
      'availability', 'available', 'seats?', 'spaces?', 'room for', 'space for', 'places? left', 'any room', 'sold out', 'departures?', 'next (tour|departure|one)', 'how many (seats|places|spaces)',
      'platser*', 'plats för', 'plats kvar', 'lediga', 'ledig plats', 'avgång*', 'fullbokad*', 'nästa tur', 'har ni plats', 'finns det plats', 'någon plats',
      'platz für', 'noch platz', 'plätze', 'freie plätze', 'noch frei', 'termin*', 'ausgebucht', 'verfügbar*', 'nächste tour',
    ),
    'seats',
  ],
  [words('hold*', 'reserve (them|it|those|these|the seats)', 'book (them|it|those|these)', 'keep (them|it|those)', 'håll*', 'reservera*', 'boka (dem|den|det|dom)', 'halte*', 'halten', 'reservier*', 'buche (sie|die)', 'buchen sie'), 'hold'],
  [words('pay', 'payment', 'card', 'cash', 'per (person|guest|head)', 'per person', 'pro (person|gast|kopf)', 'invoice', 'price list', 'deposit', 'betala*', 'betalning*', 'kontant*', 'kortet', 'med kort', 'faktura', 'bezahl*', 'zahlen', 'zahlung', 'karte', 'bar zahlen', 'rechnung'), 'payment'],
  [
    words(
      // "How much is it", not "how much snow".
      'how much (is|are|does|do|would|will|for|per)', 'costs?', 'prices?', 'pricing', 'what do (\\p{L}+ )?(children|kids|adults|infants|babies|we|i) pay',
      'vad kostar', 'kostar', 'kostnad*', 'pris', 'priser*', 'priset', 'avgift*', 'was kostet', 'kostet', 'kosten', 'preis', 'preise', 'preisen',
    ),
    'price',
  ],
  [words('cancel*', 'refund*', 'change my', 'reschedul*', 'avbok*', 'återbetal*', 'ändra (min|bokningen)', 'stornier*', 'storno', 'rückerstatt*', 'umbuch*', 'absagen', '(buchung|termin) ändern', 'ändern'), 'cancel'],
  [words('opening hours', 'business hours', 'open(ing)? times?', 'when are you open', 'office hours', 'öppettider', 'öppet', 'när har ni öppet', 'öffnungszeit*', 'geöffnet', 'geschäftszeit*'), 'hours'],
  [words('contact', 'phone', 'call you', 'email you', 'reach you', 'talk to (a )?(person|human|staff)', 'kontakt*', 'ringa', 'telefon*', 'mejla', 'nå er', 'anrufen', 'erreichen', 'erreiche'), 'contact'],
  [
    words('group size', 'how many (people|guests)', 'max(imum)? (group|people)', 'large group', 'private (tours?|groups?)', '\\d+ (people|persons|of us)', 'hur många (personer|gäster)', 'gruppstorlek', 'stor grupp', 'privata? tur(er)?', 'wie viele (personen|leute|gäste)', 'gruppengröße', 'große gruppe', 'private touren?', 'privattour(en)?'),
    'group-size',
  ],
  [
    words(
      'wheelchairs?', 'disabilit(y|ies)', 'disabled', 'limited mobility', 'mobility', 'handicap*', 'walker', 'crutches',
      'pregnan*', 'medical conditions?', 'health (problems?|issues?|conditions?)', 'back (problems?|pain)', 'heart (problems?|conditions?)',
      'rullstol*', 'rörelsehind*', 'funktionsneds*', 'funktionshind*', 'rollator*', 'kryckor', 'gravid*', 'ryggproblem*', 'hälsoproblem*', 'hjärtproblem*',
      'rollstuhl*', 'behindert*', 'gehbehindert*', 'barrierefrei*', 'mobilität*', 'krücken', 'schwanger*', 'rückenprobleme?', 'herzprobleme?', 'gesundheitliche? probleme?',
    ),
    'access',
  ],
  [words('licen[cs]es?', 'körkort*', 'führerschein*', 'fahrerlaubnis'), 'licence'],
  [DIET, 'diet'],
  [
    words(
      // Not "what is the…": "what is the minimum age" asks the age.
      'tell me (more )?about', 'more (info|information|details) (on|about)', 'information (on|about)', 'describe', "(what|what's|what is|how's|how is) (the|your) [\\p{L} -]{1,40} like",
      'berätta (mer )?om', 'mer om', 'info(rmation)? om', 'hur är (det på )?(den|turen)',
      'erzähl\\p{L}* (mir |uns )?(mehr )?(über|von)', 'mehr über', 'infos? (über|zu)', 'wie ist (die|der|das)',
    ),
    'about',
  ],
  // "Which one…?", "vilken av dem…?": one of the tours just named.
  [words('which one', 'which of (them|those|these)', '(of|among) (them|those|these)', 'vilken av (dem|dessa|de)', 'vilken av', 'av dem', 'welche (davon|von (denen|ihnen|diesen))', 'davon'), 'refers'],
  [words('how long', 'how many hours', 'duration', 'hur lång*', 'hur länge', 'hur många timmar', 'wie lange?', 'dauer*', 'wie viele stunden'), 'duration'],
  [
    words(
      'minimum (number|of (guests|people|participants))', 'min(imum)? (guests|participants|group size)', 'how many (guests|people) (do you need|are needed|must book)',
      '(will|does|would) (it|the( \\p{L}+){1,3}) (still |even )?(run|go ahead|happen|take place)', 'run with (only )?(one|two|1|2)', 'guaranteed departures?', 'enough (guests|people)', '(if|when) (we are|there are) (only|just) (\\d|one|two|three)',
      'minsta antal*', 'minimiantal*', 'lägsta antal*', 'hur många (behövs|måste)', 'blir( \\p{L}+){1,4} av', 'tillräckligt många', 'om (vi|jag) (bara|endast) är (\\d|en|ett|två|tre)',
      'mindestteilnehmer*', 'mindestanzahl', 'mindestens wie viele', 'findet (sie|es|die \\p{L}+) (auch |trotzdem |sicher )*statt', 'genug (gäste|teilnehmer)', 'nur zu (zweit|dritt)',
    ),
    'minimum',
  ],
  [
    words(
      'what time', 'start(ing)? times?', 'departure times?', 'when (does|do|is)', 'what days?', 'which days?', 'how often',
      'hur dags', 'vilken tid', 'vilka tider', 'när (börjar|går|startar|åker)', 'vilka dagar', 'hur ofta',
      'um wie viel uhr', 'uhrzeit*', 'wann (beginnt|startet|fährt|geht|ist)', 'an welchen tagen', 'wie oft',
    ),
    'times',
  ],
  [/^(hi|hello|hey|hej|hallå|tjena|god (morgon|kväll|dag)|hallo|moin|servus|grüß gott|guten (tag|morgen|abend)|good (morning|evening|afternoon))(?![\p{L}])/u, 'greeting'],
  [words('thanks', 'thank you', 'tack*', 'danke*', 'vielen dank'), 'thanks'],
  [
    words('recommend*', 'suggest*', 'what (should|can|could) (we|i) do', 'ideas?', 'best tour', 'favou?rite', 'plan', 'rekommend*', 'föreslå', 'förslag', 'vad (ska|kan|bör) (vi|jag) göra', 'empfehl*', 'vorschlag', 'was (sollen|können|könnten) (wir|ich) (machen|tun|unternehmen)'),
    'recommend',
  ],
];

/** The guest's own animal ("can I bring my dog?"), which is no dog sledding. */
const PET = words(
  // ("Drive your own dog sled team" is dog sledding.)
  'pets?', '(my|our|own) (dogs?|puppy|cats?)(?! (sled|team))', 'dogs? allowed', 'service dogs?', 'guide dogs?',
  'husdjur*', '(min|vår|egen|mina|våra) (hund|hundar|katt)', 'ledarhund*', 'assistanshund*',
  'haustier*', '(mein|meinen|unser|unseren|eigenen) (hund|hunde)', 'blindenhund*', 'assistenzhund*',
);
const PETS = new RegExp(PET.source, 'gu');

const FAMILY = words(
  'famil*', 'kids?', 'child*', 'toddlers?', 'baby', 'babies', 'years? old', 'teen*', 'minimum age', 'age limit', 'how old',
  'barn*', 'småbarn*', 'åring*', 'år gammal', 'år gamla', 'åldersgräns*', 'hur gammal', 'lägsta ålder*',
  'kinder*', 'kind', 'kleinkind*', 'jährig*', 'jahre alt', 'jugendlich*', 'mindestalter', 'altersgrenze', 'wie alt', 'ab welchem alter',
);

/** "under 2 000 SEK", "högst 1500 kr", "unter 1.500 SEK": a budget, never a duration. */
const PRICE = /(?:under|below|less than|max(?:imum)?|up to|cheaper than|within|högst|max|upp till|billigare än|mindre än|unter|höchstens|maximal|bis zu|billiger als|weniger als)\s*(\d[\d\s,.\u00a0]*)\s*(sek|kr|kronor|crowns|kronen|:-|hours?|h\b|timm\w*|tim\b|stunden?|std)?/u;
const CHEAPEST = words('cheap*', 'budget', 'inexpensive', 'affordable', 'lowest price', 'billig*', 'prisvärd*', 'lägsta pris*', 'günstig*', 'preiswert*');
const HOURS_UNIT = '(?:h|hrs?|hours?|timm(?:e|ar)|tim|stunden?|std)';
const SHORTER = new RegExp(`(?:under|less than|at most|max(?:imum)?|no more than|shorter than|högst|mindre än|kortare än|max|unter|weniger als|höchstens|kürzer als|maximal)\\s*(\\d+(?:[.,]\\d+)?)\\s*${HOURS_UNIT}(?![\\p{L}])`, 'u');
const LONGER = new RegExp(`(?:more than|over|at least|longer than|minst|mer än|längre än|över|mehr als|mindestens|länger als|über)\\s*(\\d+(?:[.,]\\d+)?)\\s*${HOURS_UNIT}(?![\\p{L}])`, 'u');
const SHORT = words('short', 'quick', 'couple of hours', 'few hours', 'kort tur', 'korta turer', 'kortare', 'några timmar', 'kurz*', 'ein paar stunden');
const LONG = words('full[- ]day', 'whole day', 'all day', 'day trip', 'long', 'heldag*', 'hela dagen', 'dagstur*', 'lång*', 'ganztag*', 'ganzen tag', 'tagesausflug*', 'lange', 'langen');
/** A child's age: "5 year old", "7 years old", "5-åring", "5 år gammal", "5-jähriger", "aged 5". */
const CHILD_AGE = /(?<![\d.,])(\d{1,2})\s*-?\s*(?:years?[ -]old|yrs?[ -]old|år gamma?l\p{L}*|åring\p{L}*|jährig\p{L}*|jahre alt)|(?:aged|i åldern|im alter von)\s+(\d{1,2})(?!\d)/u;
/** Children younger than an age: "kids under 5", "barn under 4 år", "Kinder unter 5" (the oldest is a year younger). */
const CHILDREN_UNDER = /(?:kids?|children|child|barn(?:en)?|kinder|kindern|kind)\s+(?:under|below|younger than|yngre än|unter|jünger als)\s+(\d{1,2})(?![\d.,]?\d)(?!\s*(?:sek|kr|kronor|:-))/u;
/** Children's ages in a list: "två barn (6 och 9)", "kids aged 4 and 7", "die Kinder sind 5 und 8". */
const AGE_LIST = /(?:\(|aged?s?\s+|i åldern\s+|im alter von\s+|(?:kids|children|barnen|kinder) (?:are|är|sind)\s+)(\d{1,2}(?:\s*(?:,|and|och|und|&)\s*\d{1,2})+)(?!\d)/u;
/** "How long is it?" asks a duration; it does not want a long tour. */
const HOW_LONG = words('how long', 'hur lång*', 'hur länge', 'wie lange?');
const EVENING = words('evening', 'tonight', 'after dark', 'kväll*', 'ikväll', 'abend*', 'heute abend');
const NIGHT = words('night', 'natt', 'i natt', 'nacht*');
/** A night's stay, not a tour at night: "a night in the igloo", "natt i glasigloon", "eine Nacht im Glasiglu". */
const NIGHT_STAY = /(nights?|natt\p{L}*|nacht\p{L}*).*(igloo|iglu|guesthouse|gästhus|gästehaus|stay|boende|unterkunft|übernacht)/u;
const MORNING = words('morning', 'förmiddag*', 'morgonen', 'på morgonen', 'vormittag*', 'morgens', 'am morgen');
const AFTERNOON = words('afternoon', 'eftermiddag*', 'nachmittag*');
const WINTER = words('winter', 'vinter*', 'wintertour*');
const SUMMER = words('summer', 'sommar*', 'sommer*');
const HOLIDAYS = words('christmas', 'new year', 'jul', 'julen', 'nyår*', 'weihnacht*', 'silvester', 'neujahr');
const DRIVE = words('drive', 'driving');
/** What a guest drives on our tours besides a car. */
const DRIVEN = ['Snowmobile', 'Dogsledding'];
const HIKE = words('hik(e|es|ing)', 'vandr*', 'fjällvandr*', 'wander*');
/** "Do you have a tour to the moon?", "finns det en tur till Mars?", "gibt es eine Tour zum Mond?" */
const TRIP_TO = /(?:tours?|trips?|excursions?|tur(?:en|er)?|utflykt(?:er)?|resa|tour(?:en)?|ausflug|ausflüge|reise)\s+(?:to|till|zum|zur|nach)\s+(?:the\s+|den\s+|die\s+|das\s+)?([\p{L}-]+)/u;
/** Words after "a tour to" that are no place: "a tour to see the lights", "en tur till att…". */
const NOT_A_PLACE = words('see', 'do', 'watch', 'visit', 'go', 'take', 'experience', 'enjoy', 'find', 'att', 'se', 'göra', 'sehen', 'machen', 'erleben', 'besuchen');

function parseNumber(text: string): number {
  return Number(text.replace(/[\s,.\u00a0](?=\d{3}\b)/g, ''));
}

export function readIntent(message: string, now = clock.now()): GuideIntent {
  const text = message.toLowerCase().replace(/\s+/g, ' ').trim();
  const topics = new Set<Topic>();
  for (const [pattern, topic] of TOPICS) if (pattern.test(text)) topics.add(topic);

  // "Can I bring my dog?" asks about a pet: its words name no activity ("my dog on the dog sled" still does).
  if (PET.test(text)) topics.add('pets');
  const activityText = text.replace(PETS, ' ');
  const categories = ACTIVITIES.filter(([pattern]) => pattern.test(activityText)).map(([, category]) => category);
  const place = PLACES.find(([pattern]) => pattern.test(text))?.[1];
  // A hike is a summer walk, unless it is on snowshoes.
  if (HIKE.test(text) && !categories.includes('Snowshoe Hiking') && !categories.includes('Summer')) categories.push('Summer');
  // A drive is by car, unless it is a snowmobile or a dog sled the guest drives.
  if (DRIVE.test(text) && !categories.some((category) => DRIVEN.includes(category)) && !categories.includes('Car Tours')) categories.push('Car Tours');
  // "Can a 16 year old drive the snowmobile?": who may drive it.
  if (DRIVE.test(text) && categories.includes('Snowmobile')) topics.add('licence');
  const family = FAMILY.test(text);
  const under = CHILDREN_UNDER.exec(text);
  const ages = [CHILD_AGE.exec(text)?.slice(1, 3), family ? AGE_LIST.exec(text)?.[1]?.match(/\d+/g) : undefined, under ? String(Number(under[1]) - 1) : undefined]
    .flat()
    .filter(Boolean)
    .map(Number);
  // The youngest child decides which tours the family can take.
  const childAge = ages.length ? Math.min(...ages) : undefined;

  const location = /abisko|tornetr[äa]sk|lapporten/.test(text) ? 'Abisko' : /kiruna|jukkasj[äa]rvi/.test(text) ? 'Kiruna' : undefined;

  const price = PRICE.exec(text);
  // A budget says its currency or is one (no tour costs under 100 SEK): "kids under 5" names an age.
  const budget = price && !/^(hours?|h|timm|tim|stunde)/.test(price[2] ?? '') ? parseNumber(price[1].trim()) : 0;
  const maxPriceSek = budget && (price?.[2] || budget >= 100) ? budget : undefined;
  const cheapest = CHEAPEST.test(text);

  const shorter = SHORTER.exec(text);
  const longer = LONGER.exec(text);
  let maxHours = shorter ? Number(shorter[1].replace(',', '.')) : undefined;
  let minHours = longer ? Number(longer[1].replace(',', '.')) : undefined;
  if (maxHours === undefined && SHORT.test(text)) maxHours = 3;
  if (minHours === undefined && LONG.test(text) && !HOW_LONG.test(text)) minHours = 6;

  const timeOfDay = EVENING.test(text) ? 'evening' : NIGHT.test(text) && !NIGHT_STAY.test(text) ? 'night' : MORNING.test(text) ? 'morning' : AFTERNOON.test(text) ? 'afternoon' : undefined;

  const span = readWhen(text, now);
  let month: number | undefined;
  if (!span) MONTHS.forEach((pattern, index) => pattern.test(text) && (month = index + 1));
  if (month === undefined && !span && HOLIDAYS.test(text)) month = 12;
  if (month === undefined && !span && WINTER.test(text)) categories.push('Winter');
  if (month === undefined && !span && SUMMER.test(text) && !categories.includes('Summer')) categories.push('Summer');

  const party = readParty(text);
  const mix = party !== undefined ? readPartyMix(text) : undefined;
  const clock = readClock(text);
  // "for 3 people" is a party, not a question about group sizes (unless it is more than a departure takes).
  if (party !== undefined && party <= 8 && !/group|grupp|gruppe/.test(text)) topics.delete('group-size');
  // A day named is a question of seats, unless it asks about that evening's sky ("the chances tonight").
  const asksTheSky = topics.has('sky') || (topics.has('aurora-facts') && party === undefined);
  if ((span && !asksTheSky) || (party && topics.has('booking'))) topics.add('seats');

  const trip = TRIP_TO.exec(text);
  const elsewhere = trip && !place && !location && categories.length === 0 && !family && !month && !span && !NOT_A_PLACE.test(trip[1]) ? trip[1] : undefined;

  if (categories.length || location || place || maxPriceSek || cheapest || maxHours || minHours || timeOfDay || month || family) topics.add('recommend');
  return {
    location,
    categories: [...new Set(categories)],
    place,
    maxPriceSek,
    maxHours,
    minHours,
    timeOfDay: timeOfDay as GuideIntent['timeOfDay'],
    month,
    span,
    party,
    ...(mix && { mix }),
    clock,
    family,
    childAge,
    cheapest,
    elsewhere,
    topics,
  };
}
