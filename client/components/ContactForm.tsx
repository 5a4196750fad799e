import { useRef, useState, type FormEvent } from 'react';

import { asApiError } from '../../shared/errors';
import { apiRequest } from '../api/http';

type FormState = 'idle' | 'sending';

export const CONTACT_MESSAGES = {
  robot: "Please confirm you're not a robot.",
  success: "Thanks for your message! We'll get back to you shortly.",
  failure: 'Something went wrong. Please try again later.',
};

interface FieldErrors {
  name?: string[];
  email?: string[];
  message?: string[];
}

/** Spec sections 4, 5 and 8: idle → sending → idle; alerts; the robot box; the honeypot. */
export function ContactForm() {
  const formRef = useRef<HTMLFormElement>(null);
  const [state, setState] = useState<FormState>('idle');
  const [notRobot, setNotRobot] = useState(false);
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});

  const reset = () => {
    formRef.current?.reset();
    setNotRobot(false);
    setFieldErrors({});
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    // A filled honeypot is a bot: reset quietly, send nothing, say nothing.
    if (String(form.get('website') ?? '') !== '') {
      reset();
      return;
    }
    if (!notRobot) {
      window.alert(CONTACT_MESSAGES.robot);
      return;
    }
    setState('sending');
    try {
      await apiRequest('POST', '/api/contact', { body: { name: form.get('name'), email: form.get('email'), message: form.get('message') } });
      reset();
      window.alert(CONTACT_MESSAGES.success);
    } catch (error) {
      setFieldErrors((asApiError(error).fields ?? {}) as FieldErrors);
      window.alert(CONTACT_MESSAGES.failure);
    } finally {
      setState('idle');
    }
  };

  const errorFor = (field: keyof FieldErrors) =>
    fieldErrors[field]?.length ? (
      <span className="field-error" id={`${field}-error`}>
        {fieldErrors[field]!.join('. ')}
      </span>
    ) : null;

  return (
    <form ref={formRef} className="contact-form" noValidate onSubmit={onSubmit} aria-labelledby="contact-form-title">
      <h2 id="contact-form-title">Send us a message</h2>
      <div className="field">
        <label htmlFor="contact-name">Name</label>
        <input id="contact-name" name="name" type="text" autoComplete="name" required maxLength={120} aria-describedby={fieldErrors.name ? 'name-error' : undefined} />
        {errorFor('name')}
      </div>
      <div className="field">
        <label htmlFor="contact-email">Email</label>
        <input id="contact-email" name="email" type="email" autoComplete="email" required maxLength={254} aria-describedby={fieldErrors.email ? 'email-error' : undefined} />
        {errorFor('email')}
      </div>
      <div className="field">
        <label htmlFor="contact-message">Message</label>
        <textarea id="contact-message" name="message" rows={6} required maxLength={5000} aria-describedby={fieldErrors.message ? 'message-error' : undefined} />
        {errorFor('message')}
      </div>
      {/* Hidden from people; bots fill it in. */}
      <div className="honeypot" aria-hidden="true">
        <label htmlFor="contact-website">Website</label>
        <input id="contact-website" name="website" type="text" tabIndex={-1} autoComplete="off" />
      </div>
      <div className="field field--check">
        <input id="contact-robot" name="notRobot" type="checkbox" checked={notRobot} onChange={(event) => setNotRobot(event.currentTarget.checked)} />
        <label htmlFor="contact-robot">I'm not a robot</label>
      </div>
      <button type="submit" className="button" disabled={!notRobot || state === 'sending'}>
        {state === 'sending' ? 'Sending…' : 'Send message'}
      </button>
    </form>
  );
}
