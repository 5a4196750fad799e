import './guide.css';

import { useCallback, useEffect, useRef, useState, useSyncExternalStore, type FormEvent } from 'react';

import type { CheckInAnswer, GuideDeparture, GuideDownload, GuidePassenger } from '../../shared/guide-app';
import { COMPANY } from '../../shared/company';
import { asApiError } from '../../shared/errors';
import { apiRequest } from '../api/http';
import { useHydrated } from '../components/after-hydration';
import { decodeQr, readCode } from './code-reader';
import { findPassenger, loadState, newAction, saveState, withAnswers, withQueue, type GuideState } from './guide-store';
import { fill, GUIDE_WORDS, type GuideWords, type LocalRefusal } from './guide-words';

const clockIn = (lang: 'sv' | 'en') => new Intl.DateTimeFormat(lang === 'sv' ? 'sv-SE' : 'en-GB', { weekday: 'short', day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit', timeZone: COMPANY.timeZone });
const timeIn = new Intl.DateTimeFormat('en-GB', { hour: '2-digit', minute: '2-digit', timeZone: COMPANY.timeZone });

type Message = { kind: 'ok' | 'refused'; text: string } | null;

/** Tells the service worker which files this page runs on (loaded before it took over), so the app opens offline. */
function keepFilesOffline(): void {
  if (!('serviceWorker' in navigator)) return;
  void navigator.serviceWorker.ready.then((registration) => {
    const urls = [
      ...new Set(
        performance
          .getEntriesByType('resource')
          .map((entry) => entry.name)
          .filter((name) => name.startsWith(location.origin) && !name.includes('/api/')),
      ),
    ];
    registration.active?.postMessage({ type: 'keep', urls });
  });
}

/** The app's service worker (its manifest is in the page's head, from the route): the page opens offline once it runs. */
function useServiceWorker(): void {
  useEffect(() => {
    if ('serviceWorker' in navigator) void navigator.serviceWorker.register('/guide/sw.js', { scope: '/guide/' }).then(keepFilesOffline, () => undefined);
  }, []);
}

/**
 * /guide/: the guide's phone at the meeting point (issue 51). Logs in for the shift, downloads
 * today's and tomorrow's passenger lists, and then works without a signal: check-in by the QR
 * code's camera scan or a photo of it, by tapping a guest, or by the booking reference; part of
 * a party; no-shows. Every action is queued on the phone with its own id and time, and sent in
 * one batch when the phone is online again; the server's answers (and any conflicts) come back.
 */
export function GuideApp() {
  useServiceWorker();
  // What the phone keeps is read once the page has hydrated: the server renders the empty shell.
  return useHydrated() ? <GuidePhone /> : <div className="guide-app" aria-busy="true" />;
}

const onConnectivity = (changed: () => void) => {
  window.addEventListener('online', changed);
  window.addEventListener('offline', changed);
  return () => {
    window.removeEventListener('online', changed);
    window.removeEventListener('offline', changed);
  };
};

function GuidePhone() {
  const [state, setState] = useState<GuideState | null>(loadState);
  const online = useSyncExternalStore(onConnectivity, () => navigator.onLine, () => true);
  const [openId, setOpenId] = useState<number | null>(null);
  const [message, setMessage] = useState<Message>(null);
  const [busy, setBusy] = useState(false);

  const update = useCallback((change: (current: GuideState) => GuideState) => {
    setState((current) => {
      if (!current) return current;
      const next = change(current);
      saveState(next);
      return next;
    });
  }, []);

  const sending = useRef(false);
  const sync = useCallback(async () => {
    const current = loadState();
    if (sending.current || !navigator.onLine || !current.token || current.queue.length === 0) return;
    sending.current = true;
    setBusy(true);
    const batch = current.queue;
    try {
      const { results } = await apiRequest<{ results: CheckInAnswer[] }>('POST', '/api/admin/guide/check-ins', { token: current.token, body: { device: current.device, actions: batch }, lang: current.lang });
      const answered = new Set(results.map((answer) => answer.id));
      const notable = results.filter((answer) => answer.result === 'conflict' || answer.result === 'refused' || (answer.result === 'duplicate' && answer.first !== 'applied'));
      update((now) => ({
        ...now,
        queue: now.queue.filter((action) => !answered.has(action.id)),
        attention: [...now.attention, ...notable],
        download: now.download ? withAnswers(now.download, results) : null,
      }));
    } catch (error) {
      const failure = asApiError(error);
      if (failure.status === 401) update((now) => ({ ...now, token: null }));
      else if (failure.status !== 0) setMessage({ kind: 'refused', text: failure.message });
    } finally {
      sending.current = false;
      setBusy(false);
    }
  }, [update]);

  // Back online: the queue goes at once.
  useEffect(() => {
    const up = () => void sync();
    window.addEventListener('online', up);
    return () => window.removeEventListener('online', up);
  }, [sync]);

  if (!state) return <div className="guide-app" aria-busy="true" />;
  const words = GUIDE_WORDS[state.lang];

  const header = (
    <header className="guide-bar">
      <span className="guide-bar__title">
        <img src="/guide/icon-192.png" alt="" width="32" height="32" />
        {words.title}
      </span>
      <span className={online ? 'guide-pill guide-pill--online' : 'guide-pill guide-pill--offline'} role="status">
        {online ? words.online : words.offline}
      </span>
      <button type="button" className="guide-link" lang={state.lang === 'sv' ? 'en' : 'sv'} onClick={() => update((now) => ({ ...now, lang: now.lang === 'sv' ? 'en' : 'sv' }))}>
        {words.language}
      </button>
    </header>
  );

  if (!state.token) {
    return (
      <div className="guide-app" lang={state.lang}>
        {header}
        <main className="guide-main">
          {state.queue.length > 0 && <p className="guide-note">{fill(words.loginAgain, { count: state.queue.length })}</p>}
          <LoginForm state={state} words={words} onLogin={(token, email, device) => update((now) => ({ ...now, token, email, device }))} onSynced={sync} />
        </main>
      </div>
    );
  }

  const download = async () => {
    setBusy(true);
    setMessage(null);
    try {
      const taken = await apiRequest<GuideDownload>('GET', '/api/admin/guide/download', { token: state.token!, lang: state.lang });
      update((now) => ({ ...now, download: taken }));
      keepFilesOffline();
    } catch (error) {
      const failure = asApiError(error);
      if (failure.status === 401) update((now) => ({ ...now, token: null }));
      else setMessage({ kind: 'refused', text: failure.message });
    } finally {
      setBusy(false);
    }
  };

  const queueBar = (
    <div className="guide-queue">
      {state.queue.length > 0 ? (
        <>
          <span>{fill(words.queued, { count: state.queue.length })}</span>
          <button type="button" className="guide-button guide-button--small" onClick={() => void sync()} disabled={!online || busy}>
            {busy ? words.sending : words.sendNow}
          </button>
        </>
      ) : (
        <span>{words.sent}</span>
      )}
    </div>
  );

  const attention = state.attention.length > 0 && (
    <section className="guide-attention" aria-labelledby="attention-title">
      <h2 id="attention-title">{words.attention}</h2>
      <ul>
        {state.attention.map((answer) => (
          <li key={answer.id}>
            <strong>{answer.booking?.reference ?? ''}</strong>{' '}
            {answer.reason
              ? fill(words.conflict[answer.reason], { device: answer.booking?.attendanceDevice ?? '', time: answer.booking?.attendanceAt ? timeIn.format(new Date(answer.booking.attendanceAt)) : '' })
              : ''}
          </li>
        ))}
      </ul>
      <button type="button" className="guide-button guide-button--small" onClick={() => update((now) => ({ ...now, attention: [] }))}>
        {words.dismiss}
      </button>
    </section>
  );

  const taken = state.download;
  const open = taken?.departures.find((departure) => departure.id === openId);
  return (
    <div className="guide-app" lang={state.lang}>
      {header}
      <main className="guide-main">
      {queueBar}
      {attention}
      {message && (
        <p className={`guide-message guide-message--${message.kind}`} role={message.kind === 'refused' ? 'alert' : 'status'}>
          {message.text}
        </p>
      )}
      {open && taken ? (
        <DepartureView
          departure={open}
          download={taken}
          state={state}
          words={words}
          onBack={() => setOpenId(null)}
          onMessage={setMessage}
          onAct={(action) => {
            update((now) => ({ ...now, queue: [...now.queue, action] }));
            if (navigator.onLine) setTimeout(() => void sync(), 0);
          }}
        />
      ) : (
        <div>
          {taken ? <p className="guide-note">{fill(words.downloaded, { when: clockIn(state.lang).format(new Date(taken.takenAt)) })}</p> : <p className="guide-note">{words.noDownload}</p>}
          <button type="button" className="guide-button" onClick={() => void download()} disabled={!online || busy}>
            {taken ? words.downloadAgain : words.download}
          </button>
          {taken && taken.departures.length === 0 && <p>{words.noDepartures}</p>}
          <ul className="guide-departures">
            {taken?.departures.map((departure) => {
              const passengers = departure.passengers.map((passenger) => withQueue(passenger, state.queue, state.device));
              const came = passengers.reduce((sum, passenger) => sum + (passenger.attendance === 'checked_in' ? (passenger.checkedInGuests ?? passenger.guests) : 0), 0);
              return (
                <li key={departure.id}>
                  <button type="button" className="guide-departure" onClick={() => setOpenId(departure.id)}>
                    <span className="guide-departure__time">{clockIn(state.lang).format(new Date(departure.startsAt))}</span>
                    <span className="guide-departure__tour">{departure.tourTitle}</span>
                    <span>
                      {fill(words.guests, { count: departure.totalGuests })} · {fill(words.checkedInOf, { came, count: departure.totalGuests })}
                    </span>
                  </button>
                </li>
              );
            })}
          </ul>
          <button
            type="button"
            className="guide-link"
            onClick={() => update((now) => ({ ...now, token: null }))}
          >
            {words.logout}
          </button>
        </div>
      )}
      </main>
    </div>
  );
}

function LoginForm({ state, words, onLogin, onSynced }: { state: GuideState; words: GuideWords; onLogin: (token: string, email: string, device: string) => void; onSynced: () => Promise<void> }) {
  const [problem, setProblem] = useState<string>();
  const [busy, setBusy] = useState(false);
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const email = String(form.get('email') ?? '').trim();
    setBusy(true);
    setProblem(undefined);
    try {
      const { token } = await apiRequest<{ token: string }>('POST', '/api/admin/login', { body: { email, password: String(form.get('password') ?? '') }, lang: state.lang });
      onLogin(token, email, String(form.get('device') ?? '').trim() || state.device);
      setTimeout(() => void onSynced(), 0);
    } catch (error) {
      setProblem(asApiError(error).message);
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <h1>{words.login}</h1>
      <form className="guide-form" onSubmit={submit}>
        <label htmlFor="guide-email">{words.email}</label>
        <input id="guide-email" name="email" type="email" autoComplete="username" required defaultValue={state.email ?? ''} />
        <label htmlFor="guide-password">{words.password}</label>
        <input id="guide-password" name="password" type="password" autoComplete="current-password" required />
        <label htmlFor="guide-device">{words.device}</label>
        <input id="guide-device" name="device" maxLength={60} defaultValue={state.device} aria-describedby="guide-device-hint" />
        <p id="guide-device-hint" className="guide-note">
          {words.deviceHint}
        </p>
        {problem && (
          <p className="guide-message guide-message--refused" role="alert">
            {problem}
          </p>
        )}
        <button type="submit" className="guide-button" disabled={busy}>
          {words.login}
        </button>
      </form>
    </>
  );
}

interface DepartureProps {
  departure: GuideDeparture;
  download: GuideDownload;
  state: GuideState;
  words: GuideWords;
  onBack: () => void;
  onMessage: (message: Message) => void;
  onAct: (action: ReturnType<typeof newAction>) => void;
}

function DepartureView({ departure, download, state, words, onBack, onMessage, onAct }: DepartureProps) {
  const passengers = departure.passengers.map((passenger) => withQueue(passenger, state.queue, state.device));
  const [scanning, setScanning] = useState(false);
  const video = useRef<HTMLVideoElement>(null);
  const format = clockIn(state.lang);

  const refuse = (refusal: LocalRefusal, values: Record<string, string> = {}) => onMessage({ kind: 'refused', text: fill(words.refusal[refusal], values) });

  /** A reference (typed, or read from a code) checked against the download, then the whole party checked in. */
  const checkInReference = (typed: string, code?: string, checked = true) => {
    const reference = typed.trim().toUpperCase();
    if (!reference) return refuse('noCode');
    const found = findPassenger(download, reference);
    if (!found) return refuse('notOnList');
    if (found.departure.id !== departure.id) return refuse('otherDeparture', { tour: found.departure.tourTitle, time: format.format(new Date(found.departure.startsAt)) });
    if (found.passenger.status !== 'confirmed') return refuse('cancelled');
    onAct(newAction(departure.id, reference, 'check_in', undefined, code));
    onMessage({ kind: 'ok', text: `${fill(words.checkedIn, { name: found.passenger.name, count: found.passenger.guests })}${checked ? '' : ` ${words.unverified}`}` });
  };

  const readText = async (text: string) => {
    const read = await readCode(text, download.keys);
    if ('refused' in read) return refuse(read.refused);
    checkInReference(read.reference, text.trim(), read.checked);
  };

  // The camera: frames read a few times a second until a code is found.
  useEffect(() => {
    if (!scanning) return;
    let stream: MediaStream | undefined;
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const look = async () => {
      const element = video.current;
      if (stopped || !element) return;
      const text = element.videoWidth ? await decodeQr(element, element.videoWidth, element.videoHeight) : null;
      if (text) {
        setScanning(false);
        await readText(text);
      } else if (!stopped) timer = setTimeout(() => void look(), 250);
    };
    navigator.mediaDevices
      .getUserMedia({ video: { facingMode: 'environment' }, audio: false })
      .then(async (opened) => {
        stream = opened;
        if (stopped || !video.current) return;
        video.current.srcObject = opened;
        await video.current.play();
        void look();
      })
      .catch(() => {
        setScanning(false);
        onMessage({ kind: 'refused', text: words.cameraFailed });
      });
    return () => {
      stopped = true;
      clearTimeout(timer);
      stream?.getTracks().forEach((track) => track.stop());
    };
    // readText is this render's; the scan runs once per start.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [scanning]);

  const fromPhoto = async (file: File | undefined) => {
    if (!file) return;
    try {
      const picture = await createImageBitmap(file);
      const text = await decodeQr(picture, picture.width, picture.height);
      picture.close();
      if (text) await readText(text);
      else onMessage({ kind: 'refused', text: words.noQrFound });
    } catch {
      onMessage({ kind: 'refused', text: words.noQrFound });
    }
  };

  const byReference = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const input = event.currentTarget.elements.namedItem('reference') as HTMLInputElement;
    checkInReference(input.value);
    input.value = '';
  };

  return (
    <>
      <button type="button" className="guide-link" onClick={onBack}>
        ← {words.back}
      </button>
      <h1>
        {format.format(new Date(departure.startsAt))} · {departure.tourTitle}
      </h1>
      <p className="guide-note">{fill(words.meetingPoint, { place: departure.meetingPoint })}</p>
      <div className="guide-scan">
        <button
          type="button"
          className="guide-button"
          onClick={() => {
            if (!scanning && !navigator.mediaDevices?.getUserMedia) onMessage({ kind: 'refused', text: words.cameraFailed });
            else setScanning(!scanning);
          }}
        >
          {scanning ? words.stopScan : words.scan}
        </button>
        {scanning && <video ref={video} className="guide-video" muted playsInline />}
        <label className="guide-button guide-button--secondary" htmlFor="guide-photo">
          {words.scanPhoto}
        </label>
        <input id="guide-photo" className="visually-hidden" type="file" accept="image/*" capture="environment" onChange={(event) => void fromPhoto(event.currentTarget.files?.[0]).finally(() => (event.target.value = ''))} />
        <form className="guide-form guide-form--inline" onSubmit={byReference}>
          <label htmlFor="guide-reference">{words.reference}</label>
          <input id="guide-reference" name="reference" autoCapitalize="characters" autoComplete="off" spellCheck={false} placeholder="NAT-XXXXX-XXXXX" />
          <button type="submit" className="guide-button">
            {words.checkInReference}
          </button>
        </form>
      </div>
      <ul className="guide-passengers">
        {passengers.map((passenger) => (
          <PassengerCard key={passenger.reference} passenger={passenger} words={words} device={state.device} onAct={(kind, guests) => {
            onAct(newAction(departure.id, passenger.reference, kind, guests));
            onMessage({ kind: 'ok', text: kind === 'check_in' ? fill(words.checkedIn, { name: passenger.name, count: guests ?? passenger.guests }) : fill(kind === 'no_show' ? words.markedNoShow : words.undone, { name: passenger.name }) });
          }} />
        ))}
      </ul>
    </>
  );
}

function PassengerCard({ passenger, words, device, onAct }: { passenger: GuidePassenger; words: GuideWords; device: string; onAct: (kind: 'check_in' | 'no_show' | 'undo', guests?: number) => void }) {
  const [count, setCount] = useState(passenger.guests);
  const cancelled = passenger.status !== 'confirmed';
  const mine = passenger.attendanceDevice === null || passenger.attendanceDevice === device;
  const status = cancelled
    ? words.statusCancelled
    : passenger.attendance === 'checked_in'
      ? fill(words.statusCheckedIn, { came: passenger.checkedInGuests ?? passenger.guests, count: passenger.guests, time: passenger.attendanceAt ? timeIn.format(new Date(passenger.attendanceAt)) : '', device: passenger.attendanceDevice ?? '' })
      : passenger.attendance === 'no_show'
        ? fill(words.statusNoShow, { time: passenger.attendanceAt ? timeIn.format(new Date(passenger.attendanceAt)) : '' })
        : words.statusWaiting;
  return (
    <li className={`guide-passenger guide-passenger--${cancelled ? 'cancelled' : (passenger.attendance ?? 'waiting')}`} data-reference={passenger.reference}>
      <h2>{passenger.name}</h2>
      <p className="guide-passenger__status">{status}</p>
      <p>
        {passenger.reference} · {passenger.party}
      </p>
      {passenger.pickup && <p>{fill(words.pickup, { time: timeIn.format(new Date(passenger.pickup.at)), place: passenger.pickup.name })}</p>}
      {passenger.answers && (
        <p>
          <strong>{words.answers}:</strong> {passenger.answers}
        </p>
      )}
      {passenger.notes && (
        <p>
          <strong>{words.notes}:</strong> {passenger.notes}
        </p>
      )}
      {passenger.owedSek > 0 && <p className="guide-passenger__owed">{fill(words.toCollect, { amount: `${passenger.owedSek} SEK` })}</p>}
      {passenger.phone && (
        <a className="guide-button guide-button--secondary" href={`tel:${passenger.phone.replace(/[^+\d]/g, '')}`}>
          {fill(words.call, { phone: passenger.phone })}
        </a>
      )}
      {!cancelled && (
        <div className="guide-actions">
          {passenger.attendance !== 'checked_in' || (passenger.checkedInGuests ?? passenger.guests) < passenger.guests ? (
            <>
              <button type="button" className="guide-button" onClick={() => onAct('check_in', count < passenger.guests ? count : undefined)}>
                {count < passenger.guests ? fill(words.checkInSome, { count }) : fill(words.checkIn, { count: passenger.guests })}
              </button>
              {passenger.guests > 1 && (
                <div className="guide-stepper" role="group" aria-label={fill(words.checkInSome, { count })}>
                  <button type="button" className="guide-button guide-button--square" aria-label={words.fewer} onClick={() => setCount(Math.max(1, count - 1))} disabled={count <= 1}>
                    −
                  </button>
                  <span aria-live="polite">{count}</span>
                  <button type="button" className="guide-button guide-button--square" aria-label={words.more} onClick={() => setCount(Math.min(passenger.guests, count + 1))} disabled={count >= passenger.guests}>
                    +
                  </button>
                </div>
              )}
            </>
          ) : null}
          {passenger.attendance === null && (
            <button type="button" className="guide-button guide-button--warn" onClick={() => onAct('no_show')}>
              {words.noShow}
            </button>
          )}
          {passenger.attendance !== null && mine && (
            <button type="button" className="guide-button guide-button--secondary" onClick={() => onAct('undo')}>
              {words.undo}
            </button>
          )}
        </div>
      )}
    </li>
  );
}
