/** Starts the app: one store client, handed to every hook by `<StoreProvider>`. */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { StoreProvider } from '@vitrine/react';
import { App } from './App';
import { store } from './store';
import '@vitrine/shop-ui/styles.css';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

createRoot(root).render(
  <StrictMode>
    <StoreProvider client={store}>
      <App />
    </StoreProvider>
  </StrictMode>,
);
