import iconv from 'iconv-lite';

import { ACCOUNTS, CHANNEL_WORDS, type AccountKey, type Posting } from '../../../shared/accounts';

/** The channels as the books name them: objects of dimension 20 ("Kanal", the first free for one's own use). */
export const CHANNEL_DIMENSION = 20;

/** One verification: a day's postings (each account and channel once), adding up to nothing. */
export interface SieVerification {
  /** YYYY-MM-DD. */
  date: string;
  text: string;
  postings: Posting[];
}

export interface SieInput {
  company: { legalName: string; orgNumber: string };
  /** The fiscal year the period is in (a calendar year): YYYY-MM-DD. */
  year: { from: string; to: string };
  /** The period exported, for the file's own description. */
  period: { from: string; to: string };
  generatedOn: string;
  program: { name: string; version: string };
  verifications: SieVerification[];
}

const day = (date: string) => date.replace(/-/g, '');
/** A field in quotes, as SIE writes text (a quote inside escaped). */
const quoted = (text: string) => `"${text.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`;
/** Öre as SIE writes an amount: kronor with two decimals and a point. */
export const sieAmount = (ore: number): string => `${ore < 0 ? '-' : ''}${Math.floor(Math.abs(ore) / 100)}.${String(Math.abs(ore) % 100).padStart(2, '0')}`;

/**
 * A day's postings with each account and channel once, zero lines left out: a verification
 * (#VER) as the accountant reads it.
 */
export function sumPostings(postings: readonly Posting[]): Posting[] {
  const sums = new Map<string, Posting>();
  for (const posting of postings) {
    const key = `${posting.account}|${posting.channel ?? ''}`;
    const seen = sums.get(key) ?? { ...posting, amountOre: 0 };
    seen.amountOre += posting.amountOre;
    sums.set(key, seen);
  }
  return [...sums.values()].filter((posting) => posting.amountOre !== 0).sort((a, b) => ACCOUNTS[a.account].number.localeCompare(ACCOUNTS[b.account].number) || String(a.channel).localeCompare(String(b.channel)));
}

/**
 * The period as an SIE 4 file (type 4: booked transactions), in text: the header a program
 * importing it needs (#FLAGGA, #FORMAT PC8, #SIETYP 4, the company, its fiscal year), the
 * accounts used (#KONTO), the channel dimension and its objects, and one #VER per day, lines
 * ending in CR LF. `sieFile` encodes it as PC8 (code page 437), as the format says.
 */
export function sieText(input: SieInput): string {
  const used = new Set<AccountKey>(input.verifications.flatMap((verification) => verification.postings.map((posting) => posting.account)));
  const lines = [
    '#FLAGGA 0',
    `#PROGRAM ${quoted(input.program.name)} ${quoted(input.program.version)}`,
    '#FORMAT PC8',
    `#GEN ${day(input.generatedOn)}`,
    '#SIETYP 4',
    `#PROSA ${quoted(`Försäljning ${input.period.from} till ${input.period.to}`)}`,
    `#FNAMN ${quoted(input.company.legalName)}`,
    `#ORGNR ${input.company.orgNumber}`,
    `#RAR 0 ${day(input.year.from)} ${day(input.year.to)}`,
    '#VALUTA SEK',
    `#DIM ${CHANNEL_DIMENSION} ${quoted('Kanal')}`,
    ...Object.entries(CHANNEL_WORDS).map(([code, name]) => `#OBJEKT ${CHANNEL_DIMENSION} ${quoted(code)} ${quoted(name)}`),
    ...(Object.keys(ACCOUNTS) as AccountKey[])
      .filter((key) => used.has(key))
      .sort((a, b) => ACCOUNTS[a].number.localeCompare(ACCOUNTS[b].number))
      .map((key) => `#KONTO ${ACCOUNTS[key].number} ${quoted(ACCOUNTS[key].name)}`),
  ];
  input.verifications.forEach((verification, index) => {
    lines.push(`#VER A ${index + 1} ${day(verification.date)} ${quoted(verification.text)} ${day(input.generatedOn)}`, '{');
    for (const posting of verification.postings) {
      const object = posting.channel ? `{${CHANNEL_DIMENSION} ${quoted(posting.channel)}}` : '{}';
      lines.push(`   #TRANS ${ACCOUNTS[posting.account].number} ${object} ${sieAmount(posting.amountOre)}`);
    }
    lines.push('}');
  });
  return `${lines.join('\r\n')}\r\n`;
}

/** The file's bytes: PC8 (IBM code page 437), as #FORMAT PC8 says. */
export const sieFile = (input: SieInput): Buffer => iconv.encode(sieText(input), 'cp437');
