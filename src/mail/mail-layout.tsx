import { Body } from '@react-email/body';
import { Button } from '@react-email/button';
import { Container } from '@react-email/container';
import { Head } from '@react-email/head';
import { Heading } from '@react-email/heading';
import { Hr } from '@react-email/hr';
import { Html } from '@react-email/html';
import { Link } from '@react-email/link';
import { Preview } from '@react-email/preview';
import { Section } from '@react-email/section';
import { Text } from '@react-email/text';
import { renderToStaticMarkup } from 'react-dom/server';

import { addressIn, COMPANY, officeHoursIn } from '../../shared/company';
import type { OutgoingMail } from './mail.service';
import type { Lang } from '../../shared/languages';

/**
 * What a mail says, once: the plain-text part and the HTML part are both made from it, so the
 * two never tell a guest different things.
 */
export interface MailContent {
  /** The line an inbox shows beside the subject. */
  preview: string;
  /** "Dear Anna," */
  greeting?: string;
  /** What happened, in a few short paragraphs. */
  paragraphs: string[];
  /** The trip's facts, label and value ("Date and time", "Tuesday 16 December 2026 at 19:00"). */
  facts?: [string, string][];
  /** A QR code to show (the booking's check-in code): its image attached by `cid`, what it is, and the code itself for the text part. */
  code?: { cid: string; alt: string; caption: string; text: string };
  /** One action, as a button (the manage link): its words and where it goes. */
  action?: { label: string; url: string };
  /** Titled lists or notes after the facts ("What to wear", "What to bring"). */
  sections?: { title: string; text?: string; items?: string[] }[];
  /** Closing lines: the policy, how to reach us. */
  closing?: string[];
  /** The mail's language: the guest's (en, sv, de), or Swedish for the staff's own mails. */
  lang?: Lang;
  /** Under the company's name; the English one unless given (Swedish staff mails have their own). */
  tagline?: string;
}

const NIGHT = '#0b1d3a';
const AURORA = '#137a52';
const INK = '#13213a';
const MUTED = '#46556e';

const styles = {
  body: { backgroundColor: '#f6f9fd', margin: 0, padding: '24px 0', fontFamily: "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif", color: INK },
  container: { maxWidth: '600px', backgroundColor: '#ffffff', borderRadius: '14px', overflow: 'hidden' },
  header: { backgroundColor: NIGHT, padding: '20px 28px' },
  brand: { color: '#ffffff', fontSize: '20px', fontWeight: 700, margin: 0, letterSpacing: '0.02em' },
  tagline: { color: '#3ddc97', fontSize: '13px', margin: '2px 0 0' },
  content: { padding: '8px 28px 4px' },
  text: { fontSize: '16px', lineHeight: '24px', margin: '14px 0' },
  factLabel: { fontSize: '13px', color: MUTED, margin: '10px 0 0', textTransform: 'uppercase' as const, letterSpacing: '0.04em' },
  factValue: { fontSize: '16px', lineHeight: '22px', margin: '2px 0 0', fontWeight: 600 },
  facts: { backgroundColor: '#eef8f3', borderRadius: '10px', padding: '6px 18px 14px', margin: '12px 0' },
  button: { backgroundColor: AURORA, color: '#ffffff', fontSize: '16px', fontWeight: 700, borderRadius: '999px', padding: '14px 26px', textDecoration: 'none' },
  sectionTitle: { fontSize: '18px', color: NIGHT, margin: '22px 0 4px' },
  item: { fontSize: '15px', lineHeight: '22px', margin: '4px 0' },
  closing: { fontSize: '14px', lineHeight: '21px', color: MUTED, margin: '10px 0' },
  footer: { padding: '4px 28px 22px' },
  footerText: { fontSize: '12px', lineHeight: '18px', color: MUTED, margin: '6px 0' },
};

function MailLayout({ content }: { content: MailContent }) {
  const swedish = content.lang === 'sv';
  return (
    <Html lang={content.lang ?? 'en'}>
      <Head />
      <Preview>{content.preview}</Preview>
      <Body style={styles.body}>
        <Container style={styles.container}>
          <Section style={styles.header}>
            <Text style={styles.brand}>{COMPANY.name}</Text>
            <Text style={styles.tagline}>{content.tagline ?? (swedish ? 'Kiruna och Abisko' : 'Small-group tours in Kiruna and Abisko')}</Text>
          </Section>
          <Section style={styles.content}>
            {content.greeting && <Text style={styles.text}>{content.greeting}</Text>}
            {content.paragraphs.map((paragraph) => (
              <Text key={paragraph} style={styles.text}>
                {paragraph}
              </Text>
            ))}
            {content.facts && content.facts.length > 0 && (
              <Section style={styles.facts}>
                {content.facts.map(([label, value]) => (
                  <div key={label}>
                    <Text style={styles.factLabel}>{label}</Text>
                    <Text style={styles.factValue}>{value}</Text>
                  </div>
                ))}
              </Section>
            )}
            {content.code && (
              <Section style={{ padding: '6px 0', textAlign: 'center' as const }}>
                <img src={`cid:${content.code.cid}`} width={180} height={180} alt={content.code.alt} style={{ display: 'block', margin: '0 auto' }} />
                <Text style={styles.closing}>{content.code.caption}</Text>
              </Section>
            )}
            {content.action && (
              <Section style={{ padding: '10px 0 6px', textAlign: 'center' as const }}>
                <Button href={content.action.url} style={styles.button}>
                  {content.action.label}
                </Button>
              </Section>
            )}
            {content.sections?.map((section) => (
              <Section key={section.title}>
                <Heading as="h2" style={styles.sectionTitle}>
                  {section.title}
                </Heading>
                {section.text && <Text style={styles.item}>{section.text}</Text>}
                {section.items?.map((item) => (
                  <Text key={item} style={styles.item}>
                    {`• ${item}`}
                  </Text>
                ))}
              </Section>
            ))}
            {content.closing?.map((line) => (
              <Text key={line} style={styles.closing}>
                {line}
              </Text>
            ))}
          </Section>
          <Hr style={{ borderColor: '#e3edf8', margin: '8px 28px' }} />
          <Section style={styles.footer}>
            <Text style={styles.footerText}>
              {`${COMPANY.name} · ${addressIn(content.lang ?? 'en')}`}
              <br />
              <Link href={COMPANY.phoneHref} style={{ color: AURORA }}>
                {COMPANY.phone}
              </Link>
              {` (${officeHoursIn(content.lang ?? 'en')}) · `}
              <Link href={`mailto:${COMPANY.email}`} style={{ color: AURORA }}>
                {COMPANY.email}
              </Link>
            </Text>
          </Section>
        </Container>
      </Body>
    </Html>
  );
}

/** As react-email's own render writes it: mail clients still read the XHTML doctype best. */
const DOCTYPE = '<!DOCTYPE html PUBLIC "-//W3C//DTD XHTML 1.0 Transitional//EN" "http://www.w3.org/TR/xhtml1/DTD/xhtml1-transitional.dtd">';

/**
 * The mail's HTML part: the company's look, the facts, and its action as a button. Rendered
 * with React's static markup (react-email's components, whose `render` would load react-dom
 * by a dynamic import for the same result).
 */
export function mailHtml(content: MailContent): string {
  return DOCTYPE + renderToStaticMarkup(<MailLayout content={content} />);
}

/** The mail's plain-text part, from the same content: the action's address written out in full. */
export function mailText(content: MailContent): string {
  const blocks: string[][] = [];
  blocks.push([...(content.greeting ? [content.greeting, ''] : []), ...content.paragraphs.flatMap((paragraph, index) => (index ? ['', paragraph] : [paragraph]))]);
  if (content.facts?.length) blocks.push(content.facts.map(([label, value]) => `${label}: ${value}`));
  if (content.code) blocks.push([`${content.code.caption}`, content.code.text]);
  for (const section of content.sections ?? []) blocks.push([`${section.title}:`, ...(section.text ? [section.text] : []), ...(section.items ?? []).map((item) => `- ${item}`)]);
  const end = [...(content.action ? [`${content.action.label}: ${content.action.url}`] : []), ...(content.closing ?? [])];
  if (end.length) blocks.push(end);
  return blocks.map((block) => block.join('\n')).join('\n\n');
}

/** A mail to send: its plain text made now from `content`, its HTML part from the same when it goes out. */
/** The headers of a mail a guest can stop with one click (RFC 8058): mail clients show an Unsubscribe button that POSTs to `url`. */
export const oneClickUnsubscribe = (url: string): Record<string, string> => ({ 'List-Unsubscribe': `<${url}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' });

export function composeMail(to: string, subject: string, content: MailContent, extra: Pick<OutgoingMail, 'replyTo' | 'attachments' | 'headers'> = {}): OutgoingMail {
  return { to, subject, text: mailText(content), layout: content, ...extra };
}
