// `@assistant/platform/testing`: helpers for the tests of the host and the remotes.
export { defaultStartupData, startupHandlers, TEST_PERMISSIONS, type StartupData } from './handlers';
export { renderWithProviders, type RenderWithProvidersOptions } from './render-with-providers';
export { remoteModuleProblems, renderRemoteAt } from './remote-module-checks';
