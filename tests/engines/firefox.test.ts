// The cross-engine tests (engine-suite.ts) in Firefox.
import { describeEngine } from './engine-suite';

describeEngine('firefox');
