// Runtime configuration, loaded before the app. Replace this file (or serve another one at
// /config.js) to point the same build at another emulator or store.
window.VITRINE_CONFIG = {
  baseUrl: 'http://127.0.0.1:4010',
  clientId: 'vitrine-local-client',
};
