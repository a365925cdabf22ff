import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// Each test starts on an empty page (Testing Library cleans up by itself only where the test
// runner exposes globals, which ours does not).
afterEach(() => cleanup());

// `findBy…` and `waitFor` wait for what a learner would see; they are not timings. Testing
// Library's default of one second fails them on a busy machine, so they wait as long as a browser
// test's expectations do (playwright.config.ts).
configure({ asyncUtilTimeout: 10_000 });
