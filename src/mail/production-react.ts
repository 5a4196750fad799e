/**
 * React chooses its build when it is first required, by NODE_ENV. The pages are rendered by the
 * SSR bundle, which has React's production build inside it; the mails are rendered by the
 * server's own React, which under `npm start` (NODE_ENV unset) would be the development build:
 * several times slower for each mail, on the main thread, with checks meant for a developer.
 * Called first thing in main.ts, this loads React's production build for the whole process,
 * unless NODE_ENV asks for development (`npm run dev`) or test, and leaves NODE_ENV as it was.
 * Returns whether it did.
 */
export function loadProductionReact(env: NodeJS.ProcessEnv = process.env): boolean {
  if (env.NODE_ENV === 'development' || env.NODE_ENV === 'test') return false;
  const nodeEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    // Required, not imported: these must load now, while NODE_ENV says production; later imports get them from the cache.
    /* eslint-disable @typescript-eslint/no-require-imports */
    require('react');
    require('react/jsx-runtime');
    require('react-dom/server');
    /* eslint-enable @typescript-eslint/no-require-imports */
  } finally {
    if (nodeEnv === undefined) delete process.env.NODE_ENV;
    else process.env.NODE_ENV = nodeEnv;
  }
  return true;
}
