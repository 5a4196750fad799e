import { lingui } from '@lingui/vite-plugin';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// One config for the browser bundle and the SSR bundle (`vite build --ssr`).
// The SSR bundle is CommonJS so that Nest (CommonJS) and Jest can require it. It carries its own
// React, built for production, so that `npm start` renders at full speed whatever NODE_ENV says
// (`npm run dev` renders from source through Vite and keeps React's development checks).
const BUNDLED_IN_SSR = ['react', 'react-dom', 'react-router', 'react-router-dom', 'scheduler', 'cookie', 'set-cookie-parser', '@lingui/core'];

export default defineConfig(({ command, isSsrBuild }) => {
  // A build is for production whatever NODE_ENV the building process has (Jest's `test`, say):
  // otherwise the JSX would call React's development runtime, which the SSR bundle does not carry.
  if (command === 'build') process.env.NODE_ENV = 'production';
  return {
    root: '.',
    publicDir: 'client/public',
    // lingui: the interface strings' catalogs, compiled as they are imported; a key missing in a language fails the build.
    plugins: [react(), lingui({ failOnMissing: true, failOnCompileError: true })],
    build: isSsrBuild
      ? {
          outDir: 'dist/ssr',
          emptyOutDir: true,
          copyPublicDir: false,
          rollupOptions: { output: { format: 'cjs', entryFileNames: 'entry-server.js' } },
        }
      : {
          outDir: 'dist/client',
          emptyOutDir: true,
          manifest: true,
          rollupOptions: {
            input: 'client/entry-client.tsx',
            // Seven characters of hash (rather than eight; rolldown asks at least seven for this many chunks) name each chunk apart and change with it; every
            // import of a chunk names it, and hashes do not compress: the entry alone imports some forty.
            output: { entryFileNames: 'assets/[name]-[hash:7].js', chunkFileNames: 'assets/[name]-[hash:7].js' },
          },
        },
    ssr: { noExternal: isSsrBuild ? BUNDLED_IN_SSR : [] },
    define: isSsrBuild ? { 'process.env.NODE_ENV': JSON.stringify('production') } : undefined,
  };
});
