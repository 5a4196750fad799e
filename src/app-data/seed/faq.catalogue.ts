import type { FaqTopic } from '../../faq/faq-item.entity';
import { FAQ_CANCELLATION_ANSWERS } from '../migrations/1796900000000-FaqCancellationAnswer';

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
    // The words are the migration's that brought databases seeded earlier to them.
    answer: FAQ_CANCELLATION_ANSWERS.en.now,
  },
];

/** The FAQ in Swedish and German, in FAQ_ITEMS' order: seeded as their translations. */
export const FAQ_TRANSLATIONS: Record<'sv' | 'de', { question: string; answer: string }>[] = [
  {
    sv: {
      question: 'Aurora River Camp eller Abisko: var är chansen störst att se norrsken?',
      answer:
        'Båda ligger under norrskensovalen, så ljuset syns rakt ovanför de flesta aktiva nätter. Abisko har fördel när det gäller moln: fjällen runt Torneträsk skapar en regnskugga, ”det blå hålet”, som ofta är klar när resten av Lappland är mulet. Aurora River Camp vid Torneälven utanför Kiruna har mörkare himmel än byn, och våra guider kan köra dit det är klart, så under en vistelse på tre nätter är chansen stor på båda ställena.',
    },
    de: {
      question: 'Aurora River Camp oder Abisko: Wo sind meine Chancen auf Nordlicht am besten?',
      answer:
        'Beide liegen unter dem Polarlichtoval, in den meisten aktiven Nächten ist das Licht also direkt über Ihnen. Bei den Wolken hat Abisko die Nase vorn: Die Berge um den Torneträsk bilden einen Regenschatten, das „blaue Loch“, das oft klar bleibt, wenn das übrige Lappland bedeckt ist. Das Aurora River Camp am Torne-Fluss bei Kiruna hat einen dunkleren Himmel als der Ort, und unsere Guides fahren zu klarem Wetter; bei drei Nächten Aufenthalt sind die Chancen an beiden Orten hoch.',
    },
  },
  {
    sv: {
      question: 'Hur tar jag mig till Aurora River Camp och till Abisko?',
      answer:
        'Aurora River Camp ligger 15 minuter med bil från Kiruna flygplats och Kiruna centrum; vi hämtar dig. Abisko ligger ungefär 95 km nordväst om Kiruna: 1 timme och 15 minuter med bil eller det dagliga tåget (Malmbanan mot Narvik) till Abisko Turiststation eller Abisko Östra.',
    },
    de: {
      question: 'Wie komme ich zum Aurora River Camp und nach Abisko?',
      answer:
        'Das Aurora River Camp liegt 15 Autominuten vom Flughafen Kiruna und der Stadt Kiruna entfernt; wir holen Sie ab. Abisko liegt etwa 95 km nordwestlich von Kiruna: 1 Stunde 15 Minuten mit dem Auto oder dem täglichen Zug (Strecke Kiruna–Narvik) bis Abisko Turiststation oder Abisko Östra.',
    },
  },
  {
    sv: {
      question: 'Vilket ställe passar bäst för familjer?',
      answer:
        'Aurora River Camp nära Kiruna, för de flesta familjer: korta transfers, glasigloorna och gästhuset nära, och lugna aktiviteter som rensläde, hundvalpar och snöskovandringar med varm choklad vid elden. Abisko passar familjer med äldre barn som gillar vandring och fotografering.',
    },
    de: {
      question: 'Welcher Ort ist besser für Familien?',
      answer:
        'Für die meisten Familien das Aurora River Camp bei Kiruna: kurze Transfers, die Glasiglus und das Gästehaus in der Nähe und sanfte Aktivitäten wie Rentierschlitten, Huskywelpen und Schneeschuhwanderungen mit Kakao am Feuer. Abisko passt zu Familien mit älteren Kindern, die gern wandern und fotografieren.',
    },
  },
  {
    sv: {
      question: 'Var finns det mest att göra på dagen?',
      answer:
        'Kiruna och lägret har det största utbudet: hundspann, snöskoter, renar, isfiske, Icehotel i Jukkasjärvi och samisk kultur. Abisko är platsen för naturen: nationalparken, kanjonen, isklättring, snöskovandringar och fiske på Torneträsk.',
    },
    de: {
      question: 'Wo gibt es tagsüber mehr zu tun?',
      answer:
        'Kiruna und das Camp bieten die größte Auswahl: Hundeschlitten, Schneemobile, Rentiere, Eisangeln, das Icehotel in Jukkasjärvi und samische Kultur. Abisko ist der Ort für Natur: der Nationalpark, der Canyon, Eisklettern, Schneeschuhwanderungen und Angeln auf dem Torneträsk.',
    },
  },
  {
    sv: {
      question: 'Var bor jag?',
      answer:
        'Vid Aurora River Camp kan du boka en glasiglo eller ett rum på vårt systergästhus som ett paket med tur och boende. I Abisko finns fjällstationen, stugor och små gästhus; vi hämtar från alla.',
    },
    de: {
      question: 'Wo übernachte ich?',
      answer:
        'Am Aurora River Camp können Sie ein Glasiglu oder ein Zimmer in unserem Schwester-Gästehaus als Paket aus Tour und Unterkunft buchen. In Abisko gibt es die Bergstation, Hütten und kleine Gästehäuser; wir holen Sie überall ab.',
    },
  },
  {
    sv: {
      question: 'Hur kallt är det på de två ställena?',
      answer:
        'Vintertemperaturen ligger oftast mellan -10 och -25 °C på båda ställena. Abisko, närmare Atlanten, är ofta några grader mildare men blåsigare; Torneälvens dal runt lägret kan vara kallare och stilla. Vi lånar ut varma overaller, kängor och vantar på alla vinterturer.',
    },
    de: {
      question: 'Wie kalt ist es an den beiden Orten?',
      answer:
        'Die Wintertemperaturen liegen an beiden Orten meist zwischen -10 und -25 °C. Abisko, näher am Atlantik, ist oft ein paar Grad milder, aber windiger; das Torne-Tal um das Camp kann kälter und windstill sein. Auf jeder Wintertour leihen wir warme Overalls, Stiefel und Fäustlinge.',
    },
  },
  {
    sv: {
      question: 'När är norrskenssäsongen?',
      answer:
        'Från september till april, när nätterna är mörka. De bästa månaderna är december till mars, med långa mörka nätter och stabilt vinterväder; september och oktober ger norrsken över sjöar som ännu inte frusit.',
    },
    de: {
      question: 'Wann ist die Nordlichtsaison?',
      answer:
        'Von September bis April, wenn die Nächte dunkel sind. Die besten Monate sind Dezember bis März, mit langen, dunklen Nächten und beständigem Winterwetter; im September und Oktober leuchtet das Nordlicht über noch nicht zugefrorenen Seen.',
    },
  },
  {
    sv: {
      question: 'Vad händer om vi inte ser norrskenet?',
      answer:
        'Ingen kan lova norrsken. Våra guider åker dit prognosen är bäst och berättar ärligt vad himlen gör. Ser du inget norrsken på en norrskenstur får du följa med på en annan norrskenskväll under din vistelse till halva priset.',
    },
    de: {
      question: 'Was passiert, wenn wir kein Nordlicht sehen?',
      answer:
        'Niemand kann Nordlicht versprechen. Unsere Guides fahren dorthin, wo die Vorhersage am besten ist, und sagen Ihnen ehrlich, was der Himmel macht. Sehen Sie auf einer Nordlichttour kein Nordlicht, können Sie während Ihres Aufenthalts zum halben Preis an einem weiteren Nordlichtabend teilnehmen.',
    },
  },
  {
    sv: {
      question: 'Vad ska jag ha på mig?',
      answer:
        'Lager på lager: underställ i ull, ett varmt mellanlager som fleece eller ull, samt mössa, halsduk och handskar. På vinterturer lånar vi ut vindtäta overaller, fodrade kängor och tjocka vantar, så du behöver inte köpa dyr utrustning.',
    },
    de: {
      question: 'Was soll ich anziehen?',
      answer:
        'Mehrere Schichten: Funktionsunterwäsche aus Wolle, eine warme Zwischenschicht wie Fleece oder Wolle, dazu Mütze, Schlauchschal und Handschuhe. Auf Wintertouren leihen wir winddichte Overalls, gefütterte Stiefel und dicke Fäustlinge, Sie müssen also keine teure Ausrüstung kaufen.',
    },
  },
  {
    sv: {
      question: 'Hur stora är grupperna?',
      answer: 'Högst 8 gäster per avgång, alltid. Små grupper betyder mer tid med guiden, bättre bilder och mindre påverkan på naturen.',
    },
    de: {
      question: 'Wie groß sind die Gruppen?',
      answer: 'Höchstens 8 Gäste pro Termin, immer. Kleine Gruppen bedeuten mehr Zeit mit dem Guide, bessere Fotos und weniger Belastung für die Natur.',
    },
  },
  {
    sv: {
      question: 'Hur bokar och betalar jag?',
      answer:
        'Välj en tur och ett datum här på webbplatsen och boka online; dina platser hålls i 15 minuter medan du betalar. Beroende på tur betalar du med kort online eller på plats. Du får en bekräftelse med ditt bokningsnummer per mejl.',
    },
    de: {
      question: 'Wie buche und bezahle ich?',
      answer:
        'Wählen Sie auf dieser Website eine Tour und einen Termin und buchen Sie online; Ihre Plätze werden 15 Minuten für die Bezahlung reserviert. Je nach Tour zahlen Sie online per Karte oder vor Ort. Sie erhalten eine Bestätigung mit Ihrer Buchungsnummer per E-Mail.',
    },
  },
  {
    sv: {
      question: 'Kan jag avboka eller ändra min bokning?',
      answer: FAQ_CANCELLATION_ANSWERS.sv.now,
    },
    de: {
      question: 'Kann ich meine Buchung stornieren oder ändern?',
      answer: FAQ_CANCELLATION_ANSWERS.de.now,
    },
  },
];
