// `@assistant/platform/testing`: helpers for the tests of the host and the remotes.
export { defaultStartupData, startupHandlers, TEST_PERMISSIONS, type StartupData } from './handlers';
export { renderWithProviders, type RenderWithProvidersOptions } from './render-with-providers';
export { remoteModuleProblems, renderRemoteAt, type RenderRemoteOptions } from './remote-module-checks';
export { keepPersistedAnswer } from './persisted-answers';
export { answerRatingHandlers, type FakeAnswerRatings } from './answer-rating-handlers';
