// Testing Library's DOM matchers for every browser package's tests.
import '@testing-library/jest-dom';
import { configure } from '@testing-library/react';

// findBy… and waitFor wait up to 5 s instead of 1: the run shares the cores with the browser
// suites (scripts/test-lanes.mjs), and a screen behind the client's retries can take longer than
// a second to settle on a loaded core.
configure({ asyncUtilTimeout: 5_000 });
