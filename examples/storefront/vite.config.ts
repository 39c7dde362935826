import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The same build runs against any emulator or store: the API address and client id are read at
// run time from /config.js (public/config.js by default), never baked into the bundle.
export default defineConfig({
  plugins: [react()],
  // One copy of React for the app and the linked workspace packages.
  resolve: { dedupe: ['react', 'react-dom', '@tanstack/react-query'] },
  server: { host: '127.0.0.1', port: 5173, strictPort: true },
  preview: { host: '127.0.0.1', port: 4173, strictPort: true },
  // No source maps in the served build: they would hand the whole source to anyone who asks. To
  // debug production errors, build with `sourcemap: 'hidden'` and upload the maps to your error
  // tracker instead of deploying them.
  build: { sourcemap: false },
});
