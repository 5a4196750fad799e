import type { GuideAnswer } from './guide-catalogue';

/**
 * Why staff should read a guide's answer (the Chattloggar's "only those the guide could not
 * help"): nothing of ours grounded it (`no-content`), it said word for word what it said to the
 * guest's previous message (`repeated`: the guest asked again and got the same), or the guest's
 * message says the last answer did not help (`unhelped`: "that's not what I asked", "kan jag
 * prata med en människa").
 */
export const MISSED_REASONS = ['no-content', 'repeated', 'unhelped'] as const;
export type MissedReason = (typeof MISSED_REASONS)[number];

/** What guests write when the guide has not helped them, in the three languages it speaks. */
const UNHELPED = [
  // English
  /\b(?:not|isn'?t|wasn'?t) what i (?:asked|meant|wanted)\b/,
  /\b(?:you|u) (?:don'?t|do not|didn'?t|did not) (?:understand|get it|answer)\b/,
  /\b(?:doesn'?t|does not|didn'?t|did not|not) help(?:ful|ing)?\b/,
  /\b(?:useless|pointless|not helpful|unhelpful)\b/,
  /\b(?:real|actual) (?:person|human)\b|\b(?:talk|speak) to (?:a |someone|somebody|a human|a person|staff)/,
  /\byou already said that\b|\bsame answer\b|\bthat doesn'?t answer\b/,
  // Svenska
  /\binte (?:det|vad) jag (?:frågade|menade)\b/,
  /\b(?:du|ni) förstår inte\b/,
  /\b(?:hjälper|hjälpte) inte\b|\boanvändbar\b|\bvärdelös\b/,
  /\b(?:prata|tala) med en (?:människa|person|riktig)/,
  /\bsamma svar\b|\bsvarar inte på\b/,
  // Deutsch
  /\bnicht (?:das|was) ich (?:gefragt|gemeint|wollte)\b/,
  /\b(?:du verstehst|sie verstehen) (?:mich )?nicht\b/,
  /\b(?:hilft|half) (?:mir )?nicht\b|\bnutzlos\b|\bsinnlos\b/,
  /\b(?:mit einem|mit einer) (?:menschen|person|mitarbeiter)/,
  /\bgleiche antwort\b|\bbeantwortet (?:meine frage )?nicht\b/,
];

/** Whether the guest's message says the guide's last answer did not help. */
export function soundsUnhelped(message: string): boolean {
  const text = message.toLowerCase().replace(/[’‘`]/g, "'");
  return UNHELPED.some((pattern) => pattern.test(text));
}

const sameWords = (a: string, b: string) => a.replace(/\s+/g, ' ').trim() === b.replace(/\s+/g, ' ').trim();

/**
 * The reason to mark the answer for staff, or null: the guide's own "I'm not sure" first, then a
 * guest telling us the last answer missed, then the same words twice in a row.
 */
export function missedReason(guestMessage: string, answer: Pick<GuideAnswer, 'reply' | 'unanswered'>, previousReply: string | undefined): MissedReason | null {
  if (answer.unanswered) return 'no-content';
  if (soundsUnhelped(guestMessage)) return 'unhelped';
  if (previousReply !== undefined && answer.reply.trim() !== '' && sameWords(answer.reply, previousReply)) return 'repeated';
  return null;
}
