import { Fragment } from 'react';

import { ContactForm } from '../components/ContactForm';
import { COMPANY } from '../../shared/company';
import { useT, type MessageId } from '../i18n/i18n';
import { Link } from '../i18n/links';

export function AboutPage() {
  const t = useT();
  return (
    <section className="page page--narrow">
      <h1>{t('about.title')}</h1>
      <p className="lead">{t('about.lead')}</p>
      <p>{t('about.story')}</p>
      <h2>{t('about.smallTitle')}</h2>
      <p>{t('about.smallText')}</p>
      <h2>{t('about.localTitle')}</h2>
      <p>{t('about.localText')}</p>
      <h2>{t('about.ecoTitle')}</h2>
      <p>{t('about.ecoText')}</p>
      <p>
        <Link to="/tours/" className="button">
          {t('home.browseAll')}
        </Link>
      </p>
    </section>
  );
}

export function ContactPage() {
  const t = useT();
  return (
    <section className="page page--narrow">
      <h1>{t('contact.title')}</h1>
      <p className="lead">{t('contact.lead')}</p>
      <div className="contact-grid">
        <ContactForm />
        <div>
        <address>
          <strong>Norrsken Arctic Tours AB</strong>
          <br />
          {t('contact.address')}
          <br />
          {t('contact.registration')}
          <br />
          {t('contact.phone')} <a href={COMPANY.phoneHref}>{COMPANY.phone}</a>
          <br />
          {t('contact.support')} <a href={`mailto:${COMPANY.email}`}>{COMPANY.email}</a>
          <br />
          {t('contact.bookings')} <a href="mailto:booking@norrsken-arctic.se">booking@norrsken-arctic.se</a>
          <br />
          {t('contact.dataProtection')} <a href="mailto:privacy@norrsken-arctic.se">privacy@norrsken-arctic.se</a>
        </address>
        <section aria-labelledby="hours-title">
          <h2 id="hours-title">{t('contact.hours')}</h2>
          <dl className="hours">
            {COMPANY.hours.map(({ days, hours }) => (
              <Fragment key={days}>
                <dt>{t(`days.${days}` as MessageId)}</dt>
                <dd>{hours}</dd>
              </Fragment>
            ))}
          </dl>
        </section>
        </div>
      </div>
    </section>
  );
}

/** What the privacy policy lists that we keep, and why. */
const PRIVACY_RECORDS: [MessageId, MessageId][] = [
  ['privacy.bookings', 'privacy.bookingsText'],
  ['privacy.cards', 'privacy.cardsText'],
  ['privacy.messages', 'privacy.messagesText'],
  ['privacy.guide', 'privacy.guideText'],
  ['privacy.address', 'privacy.addressText'],
];

export function PrivacyPage() {
  const t = useT();
  return (
    <section className="page page--narrow privacy">
      <h1>{t('privacy.title')}</h1>
      <p>
        {t('privacy.intro')} <a href="mailto:privacy@norrsken-arctic.se">privacy@norrsken-arctic.se</a>.
      </p>
      <h2>{t('privacy.keepTitle')}</h2>
      <ul>
        <li>{t('privacy.keepBookings')}</li>
        <li>{t('privacy.keepMessages')}</li>
        <li>{t('privacy.keepMarketing')}</li>
      </ul>
      <p>{t('privacy.job')}</p>
      <h2>{t('privacy.whatTitle')}</h2>
      <dl className="privacy-records">
        {PRIVACY_RECORDS.map(([term, text]) => (
          <Fragment key={term}>
            <dt>{t(term)}</dt>
            <dd>{t(text)}</dd>
          </Fragment>
        ))}
      </dl>
      <h2>{t('privacy.rightsTitle')}</h2>
      <p>
        {t('privacy.rightsAsk')} <a href="mailto:privacy@norrsken-arctic.se">privacy@norrsken-arctic.se</a> {t('privacy.rightsRest')}
      </p>
    </section>
  );
}
