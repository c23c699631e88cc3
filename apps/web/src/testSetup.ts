// The web project's setup: Testing Library's `findBy…` and `waitFor` wait up to 5 s (its default is
// 1 s). Beside the server and e2e projects on two cores, a dialog a test waited for took longer
// than 1 s to appear (RosterPage, a clean-clone CI run of 2026-11-28 at load about 10). What a test
// waits for must still come; only the patience is longer.
import { configure } from '@testing-library/dom';

configure({ asyncUtilTimeout: 5_000 });
