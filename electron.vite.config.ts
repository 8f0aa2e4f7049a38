import { resolve } from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'electron-vite';
import { precompressPlugin } from './tooling/precompress';

/**
 * One build for three targets: the Electron main process, its preload, and the renderer. The
 * renderer build (out/renderer) is also the web app the server serves under /study/.
 */
const backend = process.env.ENOT_BACKEND ?? 'http://127.0.0.1:3000';

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
      rollupOptions: { input: resolve('src/renderer/index.html') },
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
