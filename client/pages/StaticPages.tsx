import { Fragment } from 'react';
import { Link } from 'react-router-dom';

import { ContactForm } from '../components/ContactForm';
import { COMPANY } from '../../shared/company';

export function AboutPage() {
  return (
    <section className="page page--narrow">
      <h1>About Norrsken Arctic Tours</h1>
      <p className="lead">Local guides, small groups and the arctic we love, since 2005.</p>
      <p>
        Norrsken began in 2005 with one minibus, a thermos and a guide who could not stop chasing the Northern Lights. Today we are a team of
        local guides in Kiruna and Abisko offering over 20 curated experiences: aurora evenings, dog sledding, snowmobile safaris, reindeer and
        Sami culture, ice fishing, moose spotting, snowshoe hikes and summer walks under the midnight sun.
      </p>
      <h2>Small groups, always</h2>
      <p>We never take more than 8 guests on a departure. There is room by the fire, time for every question and a guide who knows your name.</p>
      <h2>Local experts</h2>
      <p>Our guides live here. They read the snow, the sky and the forecast, and they work with Sami families who host our reindeer and culture tours.</p>
      <h2>Eco-conscious</h2>
      <p>We keep groups small, share transport, buy from local producers and leave no trace at our fire sites. Nature is why you come, and why we stay.</p>
      <p>
        <Link to="/tours/" className="button">
          Browse All Tours
        </Link>
      </p>
    </section>
  );
}

export function ContactPage() {
  return (
    <section className="page page--narrow">
      <h1>Contact us</h1>
      <p className="lead">We reply within 24 hours. For questions about an existing booking, please call us.</p>
      <div className="contact-grid">
        <ContactForm />
        <div>
        <address>
          <strong>Norrsken Arctic Tours AB</strong>
          <br />
          Lars Janssonsgatan 17, 981 31 Kiruna, Sweden
          <br />
          Company registration number 556789-1234
          <br />
          Phone: <a href={COMPANY.phoneHref}>{COMPANY.phone}</a>
          <br />
          Support: <a href={`mailto:${COMPANY.email}`}>{COMPANY.email}</a>
          <br />
          Bookings: <a href="mailto:booking@norrsken-arctic.se">booking@norrsken-arctic.se</a>
          <br />
          Data protection: <a href="mailto:privacy@norrsken-arctic.se">privacy@norrsken-arctic.se</a>
        </address>
        <section aria-labelledby="hours-title">
          <h2 id="hours-title">Business hours</h2>
          <dl className="hours">
            {COMPANY.hours.map(({ days, hours }) => (
              <Fragment key={days}>
                <dt>{days}</dt>
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

export function PrivacyPage() {
  return (
    <section className="page page--narrow privacy">
      <h1>Privacy policy</h1>
      <p>
        Norrsken Arctic Tours AB, Kiruna, is responsible for the personal data you give us when you book, contact us or use our AI travel guide. Our data-protection
        contact is <a href="mailto:privacy@norrsken-arctic.se">privacy@norrsken-arctic.se</a>.
      </p>
      <h2>How long we keep it</h2>
      <ul>
        <li>Booking information: 7 years.</li>
        <li>Customer communications: 3 years.</li>
        <li>Marketing consent: until withdrawn.</li>
      </ul>
      <p>A job runs every day and removes what has reached the end of its time.</p>
      <h2>What we keep and why</h2>
      <dl className="privacy-records">
        <dt>Bookings</dt>
        <dd>
          Your name, email, phone, number of guests, notes and pickup hotel, with the tour, date, price and payment status: to run your tour and to keep the accounts
          Swedish bookkeeping law asks for. After 7 years we remove your name, email, phone, notes and pickup hotel; the amounts, dates and tour stay in the accounts
          without them.
        </dd>
        <dt>Card payments</dt>
        <dd>Stripe takes the card details; we keep only Stripe&apos;s payment reference and the amount, for refunds and the accounts, as long as the booking.</dd>
        <dt>Messages and emails</dt>
        <dd>What you send through the contact form, and the emails we send you about your bookings: to answer you and to know what we told you. Deleted after 3 years.</dd>
        <dt>The AI travel guide</dt>
        <dd>
          Your questions and its answers, without your name unless you write it: to answer you and to improve the guide. Deleted 3 years after the conversation&apos;s last
          message.
        </dd>
        <dt>Your internet address</dt>
        <dd>
          Never stored as it is: a keyed fingerprint of it is kept with a booking, message or conversation, to stop abuse such as holding every seat. It goes when that
          record goes, and from bookings after 7 years.
        </dd>
      </dl>
      <h2>Your rights</h2>
      <p>
        You may ask for a copy of everything we hold about you, have it corrected, or have it deleted: write to{' '}
        <a href="mailto:privacy@norrsken-arctic.se">privacy@norrsken-arctic.se</a> from the email you used with us, and we answer within a month. Deleting removes your
        messages and conversations and takes your name and contact details out of your bookings; a tour you have booked and not yet taken has to be cancelled first. If
        you think we handle your data wrongly, you may complain to the Swedish Authority for Privacy Protection (IMY).
      </p>
    </section>
  );
}
