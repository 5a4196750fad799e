import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react';

import { withStrings } from '../i18n/catalogs';
import { useT } from '../i18n/i18n';
import { clearGuideStorage, readOpen, writeOpen } from './ai-storage';

/** Spec section 9: the button appears after 4 seconds. */
export const AI_BUTTON_DELAY_MS = 4000;

// The panel and its strings, in the page's language, come when a guest opens it.
const AiGuidePanel = lazy(() => withStrings(['guide'], import('./AiGuidePanel')));

/**
 * The floating AI Guide button and its lazily loaded panel (home page only). The button
 * shows after 4 s (or on the first scroll after that), hides while the panel is open;
 * `openGuide` opens the panel at once from anywhere else on the page (the home page's card).
 */
export function useAiGuide(): { openGuide: () => void; launcher: ReactNode } {
  const t = useT();
  const [open, setOpen] = useState(false);
  const [buttonReady, setButtonReady] = useState(false);

  useEffect(() => {
    const mountedAt = Date.now();
    const show = () => setButtonReady(true);
    const timer = window.setTimeout(show, AI_BUTTON_DELAY_MS);
    const onScroll = () => {
      if (Date.now() - mountedAt >= AI_BUTTON_DELAY_MS) show();
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    // A guide left open on the last visit opens again.
    if (readOpen()) queueMicrotask(() => setOpen(true));
    return () => {
      window.clearTimeout(timer);
      window.removeEventListener('scroll', onScroll);
    };
  }, []);

  const openGuide = () => {
    writeOpen(true);
    setOpen(true);
  };
  const closeGuide = () => {
    writeOpen(false);
    setOpen(false);
  };
  const resetGuide = () => {
    clearGuideStorage();
    setOpen(false);
  };

  const launcher = (
    <>
      {open && (
        <Suspense
          fallback={
            <div className="ai-panel ai-panel--loading" role="status">
              {t('guide.opening')}
            </div>
          }
        >
          <AiGuidePanel onClose={closeGuide} onReset={resetGuide} />
        </Suspense>
      )}
      {buttonReady && !open && (
        <button type="button" className="ai-button" onClick={openGuide} aria-haspopup="dialog">
          <span aria-hidden="true">✦</span> {t('guide.button')}
        </button>
      )}
    </>
  );
  return { openGuide, launcher };
}
