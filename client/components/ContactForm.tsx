import { useRef, useState, type FormEvent } from 'react';

import { asApiError } from '../../shared/errors';
import { apiRequest } from '../api/http';
import { useT } from '../i18n/i18n';

type FormState = 'idle' | 'sending';

interface FieldErrors {
  name?: string[];
  email?: string[];
  message?: string[];
}

/** Spec sections 4, 5 and 8: idle → sending → idle; alerts; the robot box; the honeypot. */
export function ContactForm() {
  const t = useT();
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
      window.alert(t('form.robotAlert'));
      return;
    }
    setState('sending');
    try {
      await apiRequest('POST', '/api/contact', { body: { name: form.get('name'), email: form.get('email'), message: form.get('message') } });
      reset();
      window.alert(t('form.success'));
    } catch (error) {
      setFieldErrors((asApiError(error).fields ?? {}) as FieldErrors);
      window.alert(t('form.failure'));
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
      <h2 id="contact-form-title">{t('form.title')}</h2>
      <div className="field">
        <label htmlFor="contact-name">{t('form.name')}</label>
        <input id="contact-name" name="name" type="text" autoComplete="name" required maxLength={120} aria-describedby={fieldErrors.name ? 'name-error' : undefined} />
        {errorFor('name')}
      </div>
      <div className="field">
        <label htmlFor="contact-email">{t('form.email')}</label>
        <input id="contact-email" name="email" type="email" autoComplete="email" required maxLength={254} aria-describedby={fieldErrors.email ? 'email-error' : undefined} />
        {errorFor('email')}
      </div>
      <div className="field">
        <label htmlFor="contact-message">{t('form.message')}</label>
        <textarea id="contact-message" name="message" rows={6} required maxLength={5000} aria-describedby={fieldErrors.message ? 'message-error' : undefined} />
        {errorFor('message')}
      </div>
      {/* Hidden from people; bots fill it in. */}
      <div className="honeypot" aria-hidden="true">
        <label htmlFor="contact-website">{t('form.website')}</label>
        <input id="contact-website" name="website" type="text" tabIndex={-1} autoComplete="off" />
      </div>
      <div className="field field--check">
        <input id="contact-robot" name="notRobot" type="checkbox" checked={notRobot} onChange={(event) => setNotRobot(event.currentTarget.checked)} />
        <label htmlFor="contact-robot">{t('form.robot')}</label>
      </div>
      <button type="submit" className="button" disabled={!notRobot || state === 'sending'}>
        {state === 'sending' ? t('form.sending') : t('form.send')}
      </button>
    </form>
  );
}
