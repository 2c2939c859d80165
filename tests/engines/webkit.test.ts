// The cross-engine tests (engine-suite.ts) in WebKit, Safari’s engine.
import { describeEngine } from './engine-suite';

describeEngine('webkit');
