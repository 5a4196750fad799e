import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// One config for the browser bundle and the SSR bundle (`vite build --ssr`).
// The SSR bundle is CommonJS so that Nest (CommonJS) and Jest can require it.
export default defineConfig(({ isSsrBuild }) => ({
  root: '.',
  publicDir: 'client/public',
  plugins: [react()],
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
        rollupOptions: { input: 'client/entry-client.tsx' },
      },
  ssr: { noExternal: [] },
}));
