// `@vitrine/react/models`: the SDK's entities and enumerations with their runtime values, so an
// app that installs only this package reads them too (`@vitrine/sdk/models`).
export * from '@vitrine/sdk/models';
