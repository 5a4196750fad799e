/** What a guest's question asks for, read with plain rules (English, Swedish place names). */
export interface GuideIntent {
  location?: 'Kiruna' | 'Abisko';
  categories: string[];
  maxPriceSek?: number;
  maxHours?: number;
  minHours?: number;
  timeOfDay?: 'morning' | 'day' | 'afternoon' | 'evening' | 'night';
  month?: number;
  family: boolean;
  cheapest: boolean;
  topics: Set<Topic>;
}

export type Topic =
  | 'aurora-facts'
  | 'weather'
  | 'wear'
  | 'compare'
  | 'stays'
  | 'booking'
  | 'payment'
  | 'cancel'
  | 'hours'
  | 'contact'
  | 'group-size'
  | 'greeting'
  | 'thanks'
  | 'injection'
  | 'private-data'
  | 'recommend';

const MONTHS = ['january', 'february', 'march', 'april', 'may', 'june', 'july', 'august', 'september', 'october', 'november', 'december'];
const MONTHS_SV = ['januari', 'februari', 'mars', 'april', 'maj', 'juni', 'juli', 'augusti', 'september', 'oktober', 'november', 'december'];

/** Words that name an activity, and the catalogue category each means. */
const ACTIVITIES: [RegExp, string][] = [
  [/\b(northern lights?|aurora|norrsken|borealis)\b/, 'Northern Lights'],
  [/\b(dog ?sled\w*|husk(y|ies)|dogs?|mush\w*)\b/, 'Dogsledding'],
  [/\bsnowmobil\w*|\bskidoo\b/, 'Snowmobile'],
  [/\breindeer\b/, 'Reindeer'],
  [/\bs[aá]mi\b|\bjoik\b|\blavvu\b|\bindigenous\b/, 'Sami Culture'],
  [/\bice ?fish\w*|\bfishing\b/, 'Ice Fishing'],
  [/\bice ?climb\w*|\bclimb\w*\b|\bwaterfall\b/, 'Ice Climbing'],
  [/\bmoose\b|\belk\b|\bwildlife\b|\bbeavers?\b|\banimals?\b/, 'Moose Spotting'],
  [/\bsnowshoe\w*/, 'Snowshoe Hiking'],
  [/\b(bbq|barbecue|campfire dinner)\b/, 'BBQ'],
  [/\b(narvik|fjords?|norway|road trip|by car|drive)\b/, 'Car Tours'],
  [/\bmidnight sun\b/, 'Summer'],
];

const TOPICS: [RegExp, Topic][] = [
  [/ignore (all |any |your |the |previous |prior )*(instructions|rules|prompt)|system prompt|jailbreak|pretend (you are|to be)|developer mode|disregard (your|the|all)/, 'injection'],
  [/\b(password|admin|api key|secret|token|other (guests|customers)|customer list|booking of|email address of|phone number of)\b/, 'private-data'],
  [/\b(chances?|likely|guarantee\w*|probability|when (is|are) the (northern lights|aurora)|best (time|month|season)|aurora season|see the (northern lights|aurora))\b/, 'aurora-facts'],
  [/\b(cold|temperature|weather|degrees|°c|freez\w*|climate)\b/, 'weather'],
  [/\b(wear|clothes|clothing|dress|pack\w*|bring|boots|jacket|gear)\b/, 'wear'],
  [/\b(vs\.?|versus|compare|comparison|difference|or abisko|or kiruna|better.*(kiruna|abisko)|(kiruna|abisko).*better|which (base|place|town))\b/, 'compare'],
  [/\b(igloos?|guesthouses?|guest houses?|hotels?|stay|accommodation|sleep|night(s)? in|lodging|packages?)\b/, 'stays'],
  [/\b(book|booking|reserve|reservation|availability|available|seats?|spaces?)\b/, 'booking'],
  [/\b(pay|payment|card|cash|invoice|price list|deposit)\b/, 'payment'],
  [/\b(cancel\w*|refund\w*|change my|reschedul\w*)\b/, 'cancel'],
  [/\b(opening hours|business hours|open(ing)? times?|when are you open|office hours)\b/, 'hours'],
  [/\b(contact|phone|call you|email you|reach you|talk to (a )?(person|human|staff))\b/, 'contact'],
  [/\b(group size|how many (people|guests)|max(imum)? (group|people)|large group|private tour|\d+ (people|persons|of us))\b/, 'group-size'],
  [/^(hi|hello|hey|hej|good (morning|evening|afternoon))\b/, 'greeting'],
  [/\b(thanks|thank you|tack)\b/, 'thanks'],
  [/\b(recommend|suggest|what (should|can|could) (we|i) do|ideas?|best tour|favourite|favorite|plan)\b/, 'recommend'],
];

function parseNumber(text: string): number {
  return Number(text.replace(/[\s,.\u00a0](?=\d{3}\b)/g, ''));
}

export function readIntent(message: string): GuideIntent {
  const text = message.toLowerCase().replace(/\s+/g, ' ').trim();
  const topics = new Set<Topic>();
  for (const [pattern, topic] of TOPICS) if (pattern.test(text)) topics.add(topic);

  const categories = ACTIVITIES.filter(([pattern]) => pattern.test(text)).map(([, category]) => category);
  // A hike is a summer walk, unless it is on snowshoes.
  if (/\bhik(e|es|ing)\b/.test(text) && !categories.includes('Snowshoe Hiking') && !categories.includes('Summer')) categories.push('Summer');
  const family = /\b(famil(y|ies)|kids?|child(ren)?|toddlers?|baby|babies|years? old|teen\w*)\b/.test(text);
  if (family) categories.push('Family Friendly');

  const location = /\babisko\b|\btornetr[äa]sk\b|\blapporten\b/.test(text) ? 'Abisko' : /\bkiruna\b|\bjukkasj[äa]rvi\b/.test(text) ? 'Kiruna' : undefined;

  const price = /(?:under|below|less than|max(?:imum)?|up to|cheaper than|within)\s*(\d[\d\s,.\u00a0]*)\s*(?:sek|kr|kronor|crowns)?/.exec(text);
  const maxPriceSek = price ? parseNumber(price[1].trim()) : undefined;
  const cheapest = /\b(cheap\w*|budget|inexpensive|affordable|lowest price)\b/.test(text);

  const hoursMax = /(?:under|less than|at most|max(?:imum)?|no more than|shorter than)\s*(\d+(?:\.\d+)?)\s*(?:h|hours?)\b/.exec(text);
  let maxHours = hoursMax ? Number(hoursMax[1]) : undefined;
  let minHours: number | undefined;
  if (maxHours === undefined && /\b(short|quick|couple of hours|few hours)\b/.test(text)) maxHours = 3;
  if (/\b(full[- ]day|whole day|all day|day trip|long)\b/.test(text)) minHours = 6;

  const timeOfDay = /\b(evening|tonight|after dark)\b/.test(text)
    ? 'evening'
    : /\bnight\b/.test(text) && !/\bnights?\b.*\b(igloo|guesthouse|stay)\b/.test(text)
      ? 'night'
      : /\bmorning\b/.test(text)
        ? 'morning'
        : /\bafternoon\b/.test(text)
          ? 'afternoon'
          : undefined;

  let month: number | undefined;
  MONTHS.forEach((name, index) => {
    if (new RegExp(`\\b${name}\\b`).test(text) || new RegExp(`\\b${MONTHS_SV[index]}\\b`).test(text)) month = index + 1;
  });
  if (month === undefined && /\bchristmas\b|\bnew year\b/.test(text)) month = 12;
  if (month === undefined && /\bwinter\b/.test(text)) categories.push('Winter');
  if (month === undefined && /\bsummer\b/.test(text) && !categories.includes('Summer')) categories.push('Summer');

  if (categories.length || location || maxPriceSek || cheapest || maxHours || minHours || timeOfDay || month) topics.add('recommend');
  return { location, categories: [...new Set(categories)], maxPriceSek, maxHours, minHours, timeOfDay: timeOfDay as GuideIntent['timeOfDay'], month, family, cheapest, topics };
}
