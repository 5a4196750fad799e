import type { Lang } from '../../../shared/languages';

/**
 * A pattern of whole words in any of our languages: `\b` knows only ASCII letters, so "är" or
 * "übermorgen" would never match it; these boundaries are any letter or digit. An alternative
 * may end in `*` for "and any letters after it" (German and Swedish join their words:
 * "Nordlichttour", "hundspannstur").
 */
export function words(...alternatives: string[]): RegExp {
  const body = alternatives.map((alternative) => alternative.replace(/\*$/, '\\p{L}*').replace(/ /g, '\\s+')).join('|');
  return new RegExp(`(?<![\\p{L}\\p{N}])(?:${body})(?![\\p{L}\\p{N}])`, 'u');
}

/** Words that nearly always mean the language they are in (short, frequent, not shared). */
const MARKERS: Record<Lang, RegExp> = {
  en: words('the', 'is', 'are', 'what', 'which', 'how', 'when', 'where', 'do', 'does', 'you', 'your', "i'm", 'we', 'can', 'for', 'with', 'there', 'any', 'have', 'tours?', 'please', 'hello', 'hi', 'thanks', 'room', 'seats?', 'tonight', 'tomorrow', 'of', 'and', 'my', 'yes', 'to', 'want', 'go', 'on', 'a', 'an', 'at', 'would', 'like', 'love', 'me', 'us', 'it', 'or'),
  sv: words('och', 'är', 'jag', 'vi', 'det', 'vad', 'vilken', 'vilka', 'hur', 'när', 'finns', 'har', 'kan', 'för', 'på', 'med', 'till', 'ni', 'en', 'ett', 'inte', 'någon', 'några', 'tack', 'hej', 'kostar', 'turen', 'platser?', 'plats', 'ikväll', 'imorgon', 'barn', 'boka', 'ska', 'mig', 'om', 'ja', 'gärna', 'snälla', 'i', 'tur', 'turer', 'norrsken*', 'hundspann*', 'skoter*', 'fjäll*', 'isfiske*', 'rensläd*', 'glasigloo*', 'älg*', 'eller', 'vilket', 'månen'),
  de: words('und', 'ist', 'ich', 'wir', 'welche[rsn]?', 'wie', 'wann', 'gibt', 'es', 'die', 'der', 'das', 'für', 'mit', 'nach', 'noch', 'sie', 'ein', 'eine', 'einen', 'nicht', 'kann', 'können', 'haben', 'hat', 'kostet', 'danke', 'hallo', 'kinder', 'platz', 'plätze', 'heute', 'morgen', 'bitte', 'mich', 'mir', 'ja', 'gern', 'ihr', 'habt', 'buche', 'touren', 'wandern', 'nordlicht*', 'hundeschlitten*', 'eis*', 'schnee*', 'rentier*', 'elch*', 'glasiglu*', 'oder', 'zum', 'im', 'sind', 'viele', 'einer', 'einem', 'dauern', 'gut', 'vielen', 'dank'),
};

const LETTERS: Record<Lang, RegExp> = { en: /(?!)/, sv: /å/, de: /[ßü]/ };

/**
 * The language a guest wrote in: the one whose everyday words (and letters: å is Swedish,
 * ß and ü German) the message has most of; the page's language when it is a tie, a name, or a
 * single word we cannot place ("Narvik?").
 */
export function questionLanguage(message: string, pageLang: Lang): Lang {
  const text = message.toLowerCase();
  const tokens = text.split(/[^\p{L}\p{N}']+/u).filter(Boolean);
  const scores = (Object.keys(MARKERS) as Lang[]).map((lang) => {
    const marker = MARKERS[lang];
    const hits = tokens.filter((token) => marker.test(token)).length;
    return { lang, score: hits + (LETTERS[lang].test(text) ? 1.5 : 0) };
  });
  scores.sort((a, b) => b.score - a.score);
  const [best, second] = scores;
  if (best.score === 0 || best.score === second.score) return pageLang;
  return best.score >= second.score + 1 || best.lang === pageLang ? best.lang : pageLang;
}
