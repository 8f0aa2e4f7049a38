import { resolve } from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'electron-vite';
import { precompressPlugin } from './tooling/precompress';

/**
 * One build for three targets: the Electron main process, its preload, and the renderer. The
 * renderer build (out/renderer) is also the web app the server serves under /study/.
 */
const backend = process.env.ENOT_BACKEND ?? 'http://127.0.0.1:3000';

/**
 * Fewer, fuller files for the first visit (issue 27: the sign-in page on slow 4G). Every file
 * costs its response headers and a smaller brotli window, and the sign-in page used to fetch 21.
 * - `index`: everything the entry imports statically (React, the router, the shell's own code,
 *   the small ui parts it shares with screens) in the entry chunk, instead of six side chunks.
 * - `sign-in`: the small shared modules (and the styles) the sign-in route needs besides its own chunk.
 * - `contract`: zod with the contract's building blocks and the sign-in calls' contracts; the
 *   sign-in page loads it after its form is shown (features/auth/auth-contracts.ts).
 */
const signInChunks = [
  { name: 'index', tags: ['$initial' as const], priority: 3 },
  {
    name: 'contract',
    test: /node_modules[\\/]zod[\\/]|src[\\/]shared[\\/]contract[\\/](core|fields|access|auth|documents)\.ts$/,
    priority: 2,
    // auth.ts imports the user types, which the sign-in page needs at once: they stay in `sign-in`.
    includeDependenciesRecursively: false,
  },
  {
    name: 'sign-in',
    test: /src[\\/]renderer[\\/]src[\\/](ui[\\/](TextField|Loader|field)\.|lib[\\/]course-page\.ts$|features[\\/]auth[\\/]auth\.css$)|src[\\/]shared[\\/]domain[\\/]user-types\.ts$/,
    priority: 1,
  },
];

export default defineConfig({
  main: {
    build: { outDir: 'out/main', rollupOptions: { input: resolve('src/main/index.ts') } },
  },
  preload: {
    build: {
      outDir: 'out/preload',
      // A sandboxed preload must be CommonJS: Electron cannot load an ES-module preload with sandbox on.
      rollupOptions: { input: resolve('src/preload/index.ts'), output: { format: 'cjs', entryFileNames: '[name].cjs' } },
    },
  },
  renderer: {
    root: resolve('src/renderer'),
    base: '/study/',
    plugins: [
      react(),
      // electron-vite forces base './' in production; deep links (/study/curator/homeworks/12) need
      // absolute asset paths, and both the server and the desktop's app:// serve the build at /study/.
      { name: 'enot:study-base', config: () => ({ base: '/study/' }) },
      // Brotli and gzip copies of every script and style, served by server/web.ts.
      precompressPlugin(),
    ],
    resolve: { alias: { '@shared': resolve('src/shared') } },
    build: {
      // ENOT_WEB_OUT lets parallel test runs build into their own folder.
      outDir: resolve(process.env.ENOT_WEB_OUT ?? 'out/renderer'),
      emptyOutDir: true,
      minify: true,
      rollupOptions: { input: resolve('src/renderer/index.html'), output: { codeSplitting: { groups: signInChunks } } },
    },
    server: {
      // `npm run dev`: the renderer from Vite, calls and sockets to the local server.
      proxy: {
        '/app/api': backend,
        '/go': { target: backend, ws: true },
        '/avatars_images': backend,
        '/media': backend,
      },
    },
  },
});
