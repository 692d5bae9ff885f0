/**
 * The DOM suite's waiting limit: `findBy*` and `waitFor` give a screen five seconds rather than
 * one to reach what a test expects. On a loaded CI machine (two cores, the other suites running)
 * a flow of several requests against the fake API can take longer than a second; a test that
 * fails still fails, only later.
 */
import { configure } from '@testing-library/dom';

configure({ asyncUtilTimeout: 5000 });
