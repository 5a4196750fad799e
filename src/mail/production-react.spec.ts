import type { ReactElement } from 'react';

import { loadProductionReact } from './production-react';

/**
 * Renders a list without keys with the React that `load` leaves in a fresh module registry:
 * React's development build says so on console.error, its production build says nothing.
 */
function warningsOfAList(load: () => boolean): { loaded: boolean; warnings: number } {
  const errors = jest.spyOn(console, 'error').mockImplementation(() => undefined);
  let loaded = false;
  try {
    jest.isolateModules(() => {
      loaded = load();
      // eslint-disable-next-line @typescript-eslint/no-require-imports
      const { jsx } = require('react/jsx-runtime') as { jsx: (type: string, props: object) => ReactElement };
      // eslint-disable-next-line @typescript-eslint/no-require-imports
      const { renderToStaticMarkup } = require('react-dom/server') as typeof import('react-dom/server');
      expect(renderToStaticMarkup(jsx('ul', { children: ['Kiruna', 'Abisko'].map((town) => jsx('li', { children: town })) }))).toBe('<ul><li>Kiruna</li><li>Abisko</li></ul>');
    });
    return { loaded, warnings: errors.mock.calls.length };
  } finally {
    errors.mockRestore();
  }
}

describe(loadProductionReact.name, () => {
  it('loads React built for production when NODE_ENV is unset (npm start) or production, and leaves NODE_ENV as it was', () => {
    const before = process.env.NODE_ENV;
    expect(warningsOfAList(() => loadProductionReact({}))).toEqual({ loaded: true, warnings: 0 });
    expect(warningsOfAList(() => loadProductionReact({ NODE_ENV: 'production' }))).toEqual({ loaded: true, warnings: 0 });
    expect(process.env.NODE_ENV).toBe(before);
  });

  it('leaves React to NODE_ENV under development (npm run dev) and test, whose build checks for mistakes', () => {
    expect(warningsOfAList(() => loadProductionReact({ NODE_ENV: 'development' }))).toEqual({ loaded: false, warnings: 1 });
    expect(warningsOfAList(() => loadProductionReact({ NODE_ENV: 'test' }))).toEqual({ loaded: false, warnings: 1 });
  });
});
